package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.live.TimeSpan;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunTimelineTest {

    private final RunTimeline timeline = new RunTimeline();

    private static List<String> spans(List<TimeSpan> spans) {
        return spans.stream().map(s -> s.levelIndex() + ":" + s.windowIndex() + " " + s.startS() + "-" + s.endS())
                .toList();
    }

    @Test
    void a_level_announced_before_its_warmup_turns_its_ramp_into_the_warmup() {
        timeline.levelStarted(0, 0);
        timeline.warmupStarted(0, 0);
        timeline.warmupFinished(0, 3);
        timeline.rampFinished(5);
        timeline.windowOpened(0, 0, 5);

        assertThat(spans(timeline.warmups(9))).containsExactly("0:-1 0.0-3.0");
        assertThat(spans(timeline.ramps(9))).containsExactly("0:-1 3.0-5.0");
        assertThat(spans(timeline.windows(9))).containsExactly("0:0 5.0-9.0"); // open: drawn up to now
    }

    @Test
    void a_closed_window_replaces_its_open_span_and_the_end_closes_every_open_span() {
        timeline.windowOpened(1, 0, 10);
        timeline.windowClosed(1, 0, 10, 15);
        timeline.windowOpened(1, 1, 15);
        timeline.closeAll(17);

        assertThat(spans(timeline.windows(99))).containsExactly("1:0 10.0-15.0", "1:1 15.0-17.0");
    }

    @Test
    void a_span_never_ends_before_it_starts_and_clear_drops_all() {
        timeline.levelStarted(2, 10);
        timeline.rampFinished(8);
        assertThat(spans(timeline.ramps(20))).containsExactly("2:-1 10.0-10.0");

        timeline.clear();
        assertThat(timeline.ramps(20)).isEmpty();
    }
}
