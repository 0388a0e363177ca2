package io.joulebench.core.energy;

import io.joulebench.core.time.Clock;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * NVIDIA GPUs through DCGM exporters' Prometheus endpoints (one URL per node; all nodes' GPUs are devices, so a
 * bracket sums them). Energy is {@code DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION} (mJ) read at the edges; its update
 * period is the exporter's collection interval, so edge alignment doubles as the final-scrape grace. Power
 * ({@code DCGM_FI_DEV_POWER_USAGE}, W), temperature and the clock throttle/event reasons feed the samples.
 */
public final class DcgmEnergyMeter extends ScrapedEnergyMeter {

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

        /** A 1 s exporter interval; set it to the exporter's real {@code -c}. */
        public static Options defaults() {
            return new Options(Duration.ofSeconds(1), Duration.ofSeconds(2));
        }
    }

    private DcgmEnergyMeter(DcgmScraper scraper, Options options) {
        super(scraper, options.exporterInterval());
    }

    public static DcgmEnergyMeter open(List<URI> urls, Clock clock, Options options) {
        DcgmScraper scraper = new DcgmScraper(urls, clock, options.timeout(), options.exporterInterval());
        if (scraper.simulatedEndpoint()) {
            scraper.close();
            throw new MeterException(urls + " is the Joulebench reference engine, whose telemetry is simulated:"
                    + " use the simulated source");
        }
        return new DcgmEnergyMeter(scraper, options);
    }

    @Override
    public String source() {
        return "dcgm";
    }

    @Override
    public EnergyKind kind() {
        return EnergyKind.MEASURED;
    }
}
