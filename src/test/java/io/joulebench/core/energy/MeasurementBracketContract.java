package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import org.junit.jupiter.api.Test;

/**
 * What every {@link MeasurementBracket} promises the window manager: open then finish gives one result whose span
 * runs forward and whose energy, when there is one, is not negative; close never throws, before open or after finish;
 * and {@code finishInto} either opens the next bracket on the shared edge or leaves it unopened for the caller, as
 * its {@code Handover} says. Each implementation's test extends this, as the meters extend
 * {@code EnergyMeterContract}.
 */
public abstract class MeasurementBracketContract {

    /** A fresh bracket, never opened. */
    protected abstract MeasurementBracket newBracket();

    @Test
    void open_then_finish_gives_a_result_that_runs_forward_with_no_negative_energy() {
        MeasurementBracket b = newBracket();
        b.open();
        BracketResult r = b.finish();
        assertThat(r).isNotNull();
        assertThat(r.span().endNanos()).isGreaterThanOrEqualTo(r.span().startNanos());
        if (r.energyJ() != null) {
            assertThat(r.energyJ()).isGreaterThanOrEqualTo(0.0);
        }
        assertThatCode(b::close).doesNotThrowAnyException();
    }

    @Test
    void close_before_open_is_a_quiet_no_op() {
        MeasurementBracket b = newBracket();
        assertThatCode(b::close).doesNotThrowAnyException();
        assertThatCode(b::close).doesNotThrowAnyException();
    }

    @Test
    void close_after_open_releases_without_a_result_and_never_throws() {
        MeasurementBracket b = newBracket();
        b.open();
        assertThatCode(b::close).doesNotThrowAnyException();
        assertThatCode(b::close).doesNotThrowAnyException();
    }

    @Test
    void finish_into_a_fresh_bracket_opens_it_on_the_shared_edge_or_leaves_it_to_the_caller() {
        MeasurementBracket first = newBracket();
        MeasurementBracket next = newBracket();
        first.open();
        MeasurementBracket.Handover h = first.finishInto(next);
        assertThat(h.result()).isNotNull();
        if (!h.nextOpened()) {
            next.open();
        }
        BracketResult second = next.finish();
        if (h.nextOpened()) {
            assertThat(second.span().startNanos()).as("the next window opens on this one's closing edge")
                    .isEqualTo(h.result().span().endNanos());
        } else {
            assertThat(second.span().startNanos()).isGreaterThanOrEqualTo(h.result().span().endNanos());
        }
        first.close();
        next.close();
    }
}
