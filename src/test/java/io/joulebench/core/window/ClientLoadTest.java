package io.joulebench.core.window;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The per-window client check (issue 34): the probe's lag reaches the window's record and its warning. */
class ClientLoadTest {

    @Test
    void a_lag_above_the_stated_share_of_the_itl_warns_and_one_below_does_not() {
        assertThat(new ClientLoad(2.6, 0, 0.1).warning(10.0)).contains("client overloaded").contains("2.60 ms")
                .contains("25 %");
        assertThat(new ClientLoad(2.4, 0, 0.1).warning(10.0)).isNull();
        assertThat(new ClientLoad(null, 0, 0.1).warning(10.0)).as("no lag measured").isNull();
        assertThat(new ClientLoad(50.0, 0, 0.1).warning(null)).as("no ITL (one-token requests)").isNull();
    }

    @Test
    void an_injected_stall_reaches_the_window_and_is_weighted_by_its_length() {
        ClientMonitor monitor = ClientMonitor.withoutProbe();
        ClientMonitor.Mark start = monitor.mark();
        for (int i = 0; i < 1000; i++) {
            monitor.recordLateness(50_000); // a quiet client: 50 µs late per wake
        }
        assertThat(monitor.since(start).receiptLagP99Ms()).isLessThan(0.1);

        monitor.recordLateness(40_000_000); // one 40 ms stall among 1,000 wakes: 40 swallowed wakes
        ClientLoad load = monitor.since(start);
        assertThat(load.receiptLagP99Ms()).as("the stall's swallowed wakes enter the p99").isGreaterThan(10.0);
        assertThat(load.warning(25.0)).contains("client overloaded");
    }

    @Test
    void a_window_record_carries_its_client_load_and_warning() {
        ClientMonitor monitor = ClientMonitor.withoutProbe();
        ClientMonitor.Mark start = monitor.mark();
        monitor.recordLateness(30_000_000);
        ClientLoad load = monitor.since(start);
        LatencyPercentiles itl = new LatencyPercentiles(8.0, 9.0, 10.0, 11.0, 100, true);
        WindowMetrics metrics = new WindowMetrics(1, 1, 0, 0, 1, 1.0, 0, LatencyPercentiles.EMPTY,
                LatencyPercentiles.EMPTY, itl, LatencyPercentiles.EMPTY, null, LatencyPercentiles.EMPTY, null, null);
        WindowRecord record = new WindowRecord(0, 0, 0, 1, null, 10, null, metrics, null, false, null, load);
        assertThat(record.clientWarning()).contains("client overloaded");
        assertThat(record.clientWarningBrief()).isEqualTo("client lagging: lag p99 30.0 ms > 25 % of ITL p50 8.0 ms");
        assertThat(record.withAttributed(null).client()).isSameAs(load);
    }
}
