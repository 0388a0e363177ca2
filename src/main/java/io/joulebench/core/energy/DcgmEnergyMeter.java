package io.joulebench.core.energy;

import io.joulebench.core.time.Clock;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * NVIDIA GPUs through DCGM exporters' Prometheus endpoints (one URL per node; all nodes' GPUs are devices, so a
 * bracket sums them). Energy is {@code DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION} (mJ) read at the edges; its update
 * period is the exporter's collection interval, so edge alignment doubles as the final-scrape grace. Power
 * ({@code DCGM_FI_DEV_POWER_USAGE}, W), temperature and the clock throttle/event reasons feed the samples.
 */
public final class DcgmEnergyMeter extends ScrapedEnergyMeter implements KnownSourceMeter {

    /**
     * @param exporterInterval the exporter's collection interval ({@code dcgm-exporter -c}); also the counter's
     *                         update period and the staleness yardstick
     * @param timeout          per scrape
     */
    public record Options(Duration exporterInterval, Duration timeout) {
        public Options {
            Objects.requireNonNull(exporterInterval, "exporterInterval");
            Objects.requireNonNull(timeout, "timeout");
            if (exporterInterval.isNegative() || exporterInterval.isZero()) {
                throw new IllegalArgumentException("exporter interval must be > 0");
            }
        }

        /** The stock exporter's 30 s interval; set it to the exporter's real {@code -c}. */
        public static Options defaults() {
            return new Options(DEFAULT_EXPORTER_INTERVAL, Duration.ofSeconds(2));
        }

        public Options withExporterInterval(Duration interval) {
            return new Options(interval, timeout);
        }
    }

    /** dcgm-exporter's default collection interval ({@code -c 30000}). */
    public static final Duration DEFAULT_EXPORTER_INTERVAL = Duration.ofSeconds(30);

    private DcgmEnergyMeter(DcgmScraper scraper, Options options) {
        super(scraper, options.exporterInterval());
    }

    public static DcgmEnergyMeter open(List<URI> urls, Clock clock, Options options) {
        return open(urls, clock, options, List.of());
    }

    /** @param gpus the {@code gpu} labels to meter on every node (empty = all) */
    public static DcgmEnergyMeter open(List<URI> urls, Clock clock, Options options, List<Integer> gpus) {
        DcgmScraper scraper = new DcgmScraper(urls, clock, options.timeout(), options.exporterInterval(), gpus);
        if (scraper.simulatedEndpoint()) {
            scraper.close();
            throw new MeterException(urls + " is the Joulebench reference engine, whose telemetry is simulated:"
                    + " use the simulated source");
        }
        return new DcgmEnergyMeter(scraper, options);
    }

    @Override
    public EnergySource energySource() {
        return EnergySource.DCGM;
    }

    @Override
    public Map<String, Object> settings() {
        return settings("exporter_interval_ms");
    }
}
