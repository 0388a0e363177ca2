package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.time.VirtualClock;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Prometheus source against a fake Prometheus on a virtual clock: counters sampled once a second on Prometheus'
 * grid, windows whose edges fall between samples, resets, units, and where the scrape interval comes from; and
 * what every meter promises ({@link EnergyMeterContract}).
 */
class PrometheusEnergyMeterTest extends EnergyMeterContract {

    private static final String ENERGY = "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION";
    private static final double ORIGIN = VirtualClock.WALL_ORIGIN.getEpochSecond();

    private final FakePrometheus prom = new FakePrometheus(1);
    private final VirtualClock clock = VirtualClock.atSeconds(100.3);

    @AfterEach
    void close() {
        prom.close();
    }

    @Override
    protected EnergyMeter createMeter() {
        prom.targetScrapeInterval = "1s";
        prom.add(ENERGY, "vllm-0", 0, t -> 300_000 * (t - ORIGIN));
        return PrometheusEnergyMeter.open(settings(PrometheusSettings.Unit.MJ), clock);
    }

    @Override
    protected void letTimePass() {
        clock.advance(Duration.ofSeconds(1));
    }

    private PrometheusSettings settings(PrometheusSettings.Unit unit) {
        return PrometheusSettings.of(prom.url(), ENERGY + "{pod=~\"vllm-.*\"}", unit);
    }

    /** One bracket of {@code seconds} on the virtual clock, no sampler thread. */
    private BracketResult window(EnergyMeter meter, double seconds) throws InterruptedException {
        try (SampledMeasurementBracket b = new SampledMeasurementBracket(meter, clock,
                SampledMeasurementBracket.Options.defaults().withoutSamplerThread())) {
            b.open();
            clock.sleepUntil(b.openedAtNanos() + Math.round(seconds * 1e9));
            return b.finish();
        }
    }

    @Test
    void window_energy_is_the_interpolated_increase_of_each_series_in_its_unit() throws Exception {
        prom.targetScrapeInterval = "1s";
        prom.add(ENERGY, "vllm-0", 0, t -> 5e6 + 300_000 * (t - ORIGIN));  // 300 W in mJ
        prom.add(ENERGY, "vllm-1", 1, t -> 2e6 + 150_000 * (t - ORIGIN));  // 150 W in mJ
        try (PrometheusEnergyMeter meter = PrometheusEnergyMeter.open(settings(PrometheusSettings.Unit.MJ), clock)) {
            BracketResult r = window(meter, 7.37);
            assertThat(r.durationSeconds()).isCloseTo(7.37, within(1e-9));
            assertThat(r.deviceEnergyJ().get(0)).isCloseTo(300 * 7.37, within(1e-3));
            assertThat(r.deviceEnergyJ().get(1)).isCloseTo(150 * 7.37, within(1e-3));
            assertThat(r.energyJ()).isCloseTo(450 * 7.37, within(1e-3));
            assertThat(r.method()).isEqualTo(EnergyMethod.COUNTER);
            assertThat(r.kind()).isEqualTo(EnergyKind.MEASURED);
            assertThat(r.source()).isEqualTo("prometheus");
            assertThat(r.devices()).extracting(DeviceInfo::name).containsExactly(
                    ENERGY + "{UUID=\"GPU-0\",gpu=\"0\",instance=\"node-a:9400\",job=\"dcgm\",pod=\"vllm-0\"}",
                    ENERGY + "{UUID=\"GPU-1\",gpu=\"1\",instance=\"node-a:9400\",job=\"dcgm\",pod=\"vllm-1\"}");
            assertThat(r.devices()).extracting(DeviceInfo::uuid).containsExactly("GPU-0", "GPU-1");
            assertThat(r.warnings()).anySatisfy(w -> assertThat(w).contains("edge uncertainty about ±13.6 %"));
            assertThat(meter.scrapeIntervalFrom()).isEqualTo("prometheus targets");
        }
    }

    @Test
    void joule_counters_are_not_scaled() throws Exception {
        prom.targetScrapeInterval = "1s";
        prom.add("kepler_container_joules_total", "vllm-0", 0, t -> 40 * (t - ORIGIN));
        try (PrometheusEnergyMeter meter = PrometheusEnergyMeter.open(settings(PrometheusSettings.Unit.J), clock)) {
            assertThat(window(meter, 10).energyJ()).isCloseTo(400, within(1e-3));
        }
    }

    @Test
    void a_reset_inside_the_window_is_counted_as_increase_does_and_stated() throws Exception {
        prom.targetScrapeInterval = "1s";
        double reset = ORIGIN + 106; // the window runs from 100.3 s to 110.3 s; no sampler reads in between
        prom.add(ENERGY, "vllm-0", 0, t -> t < reset ? 9e6 + 300_000 * (t - ORIGIN) : 300_000 * (t - reset));
        try (PrometheusEnergyMeter meter = PrometheusEnergyMeter.open(settings(PrometheusSettings.Unit.MJ), clock)) {
            BracketResult r = window(meter, 10);
            // the scrape interval before the restart (its value was 0 at the reset's sample) is not seen
            assertThat(r.energyJ()).isCloseTo(300 * (10 - 1), within(1e-3));
            assertThat(r.warnings()).anySatisfy(w -> assertThat(w).contains("counter reset at")
                    .contains("pod=\"vllm-0\"").contains("as Prometheus' increase does"));
        }
    }

    @Test
    void a_query_matching_nothing_is_an_error_with_the_query() {
        assertThatThrownBy(() -> PrometheusEnergyMeter.open(settings(PrometheusSettings.Unit.MJ), clock))
                .isInstanceOf(MeterException.class)
                .hasMessageStartingWith("the Prometheus query " + ENERGY + "{pod=~\"vllm-.*\"} matches no series at "
                        + prom.url());
    }

    @Test
    void the_scrape_interval_comes_from_targets_else_settings_else_a_stated_default() {
        prom.add(ENERGY, "vllm-0", 0, t -> t);
        prom.targetScrapeInterval = "15s";
        try (PrometheusEnergyMeter m = PrometheusEnergyMeter.open(settings(PrometheusSettings.Unit.MJ)
                .withScrapeInterval(Duration.ofSeconds(5)), clock)) {
            assertThat(m.scrapeInterval()).isEqualTo(Duration.ofSeconds(15));
            assertThat(m.settings()).containsEntry("scrape_interval_from", "prometheus targets");
        }
        prom.targetScrapeInterval = null;
        try (PrometheusEnergyMeter m = PrometheusEnergyMeter.open(settings(PrometheusSettings.Unit.MJ)
                .withScrapeInterval(Duration.ofSeconds(5)), clock)) {
            assertThat(m.scrapeInterval()).isEqualTo(Duration.ofSeconds(5));
            assertThat(m.scrapeIntervalFrom()).isEqualTo("settings");
            assertThat(m.warnings()).isEmpty();
        }
        try (PrometheusEnergyMeter m = PrometheusEnergyMeter.open(settings(PrometheusSettings.Unit.MJ), clock)) {
            assertThat(m.scrapeInterval()).isEqualTo(PrometheusSettings.DEFAULT_SCRAPE_INTERVAL);
            assertThat(m.scrapeIntervalFrom()).isEqualTo("default");
            assertThat(m.warnings()).singleElement().asString().contains("assumed 30 s");
        }
    }

    @Test
    void a_window_shorter_than_the_scrape_interval_says_where_its_energy_came_from() throws Exception {
        prom.targetScrapeInterval = "5s";
        prom.add(ENERGY, "vllm-0", 0, t -> 300_000 * (t - ORIGIN));
        try (PrometheusEnergyMeter meter = PrometheusEnergyMeter.open(settings(PrometheusSettings.Unit.MJ), clock)) {
            long start = clock.nanoTime();
            assertThat(meter.windowNotes(start, start + 2_000_000_000L)).anySatisfy(w -> assertThat(w)
                    .contains("the scrape interval (5 s) is longer than the window (2.0 s)"));
        }
    }

    @Test
    void a_power_gauge_is_integrated_and_labelled_so_never_as_a_counter() throws Exception {
        prom.targetScrapeInterval = "1s";
        prom.add("DCGM_FI_DEV_POWER_USAGE", "vllm-0", 0, t -> 250);
        PrometheusSettings s = PrometheusSettings.of(prom.url(), "DCGM_FI_DEV_POWER_USAGE{pod=\"vllm-0\"}",
                PrometheusSettings.Unit.MJ).withKind(PrometheusSettings.Kind.POWER);
        try (PrometheusEnergyMeter meter = PrometheusEnergyMeter.open(s, clock)) {
            assertThat(meter.counterAt(clock.nanoTime())).isEmpty();
            try (SampledMeasurementBracket b = new SampledMeasurementBracket(meter, clock,
                    SampledMeasurementBracket.Options.defaults().withoutSamplerThread())) {
                b.open();
                for (int i = 0; i < 40; i++) {
                    clock.advance(Duration.ofMillis(250));
                    b.sampleNow();
                }
                BracketResult r = b.finish();
                assertThat(r.method()).isEqualTo(EnergyMethod.INTEGRATED_POWER);
                assertThat(r.energyJ()).isCloseTo(250 * r.durationSeconds(), within(1e-3));
                assertThat(r.warnings()).anySatisfy(w -> assertThat(w).contains("power gauge")
                        .contains("not a counter"));
            }
        }
    }

    @Test
    void power_readings_are_cached_within_a_quarter_scrape_interval() {
        prom.targetScrapeInterval = "4s";
        prom.add(ENERGY, "vllm-0", 0, t -> 300_000 * (t - ORIGIN));
        try (PrometheusEnergyMeter meter = PrometheusEnergyMeter.open(settings(PrometheusSettings.Unit.MJ), clock)) {
            MeterReading first = meter.read();
            int before = prom.queries;
            clock.advance(Duration.ofMillis(500));
            meter.read();
            assertThat(prom.queries).as("no new query inside 1 s").isEqualTo(before);
            assertThat(first.devices().getFirst().powerW()).isCloseTo(300, within(1e-3));
        }
    }
}
