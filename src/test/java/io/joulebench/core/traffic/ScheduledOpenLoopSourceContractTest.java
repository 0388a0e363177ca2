package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The traffic-source contract with every transport driven through {@link ScheduledTransport}: prepared ahead, written
 * from the pacer at the instant, finished by callback, cancelled through the seam (a capped source falls back to a
 * thread per request, so the cap test covers that path too).
 */
class ScheduledOpenLoopSourceContractTest extends OpenLoopSourceContractTest {

    @Override
    protected Transport transport(Transport plain) {
        return FakeTransports.scheduled(plain);
    }

    @Test
    void every_request_written_from_the_pacer_has_its_write_lateness() throws Exception {
        IssuerReport report = newSource(30, null, RequestListener.NONE).run(transport(FakeTransports.instant()), null);
        assertThat(report.writeLateness().count()).isEqualTo(30);
        assertThat(report.records()).allSatisfy(r -> {
            assertThat(r.writtenAtNanos()).isNotNull().isGreaterThanOrEqualTo(r.dispatchedAtNanos());
            assertThat(r.writeLatenessNanos()).isGreaterThanOrEqualTo(r.dispatchDelayNanos());
        });
    }

    @Test
    void a_capped_source_sends_on_request_threads_and_measures_no_write_lateness() throws Exception {
        IssuerReport report = newSource(10, 3, RequestListener.NONE).run(transport(FakeTransports.instant()), null);
        assertThat(report.completedCount()).isEqualTo(10);
        assertThat(report.writeLateness().count()).isZero();
    }

    @Test
    void a_plain_transport_measures_no_write_lateness() throws Exception {
        IssuerReport report = newSource(10, null, RequestListener.NONE).run(FakeTransports.instant(), null);
        assertThat(report.writeLateness().count()).isZero();
        assertThat(report.records()).allSatisfy(r -> assertThat(r.writtenAtNanos()).isNull());
    }
}
