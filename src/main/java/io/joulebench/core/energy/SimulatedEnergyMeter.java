package io.joulebench.core.energy;

import io.joulebench.core.time.Clock;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The reference engine's simulated GPUs, read through the same DCGM path as real exporters and labelled
 * {@code simulated}. The engine also publishes the exact integral ({@code joulebench_sim_true_energy_joules_total}),
 * which brackets record as {@code truthJ}.
 */
public final class SimulatedEnergyMeter extends ScrapedEnergyMeter implements GroundTruthMeter,
        KnownSourceMeter {

    /** The engine's counter update period unless configured otherwise. */
    public static final Duration DEFAULT_UPDATE_PERIOD = Duration.ofMillis(100);

    private SimulatedEnergyMeter(DcgmScraper scraper, Duration updatePeriod) {
        super(scraper, updatePeriod);
    }

    public static SimulatedEnergyMeter open(List<URI> urls, Clock clock) {
        return open(urls, clock, new DcgmEnergyMeter.Options(DEFAULT_UPDATE_PERIOD, Duration.ofSeconds(2)));
    }

    public static SimulatedEnergyMeter open(List<URI> urls, Clock clock, DcgmEnergyMeter.Options options) {
        return open(urls, clock, options, List.of());
    }

    /**
     * @param options its {@code exporterInterval} is the engine's counter update period
     *                ({@code joulebench engine --counter-period-ms}, default 100 ms)
     * @param gpus    the simulated GPUs' {@code gpu} labels to meter (empty = all)
     */
    public static SimulatedEnergyMeter open(List<URI> urls, Clock clock, DcgmEnergyMeter.Options options,
                                            List<Integer> gpus) {
        DcgmScraper scraper = new DcgmScraper(urls, clock, options.timeout(), options.exporterInterval(), gpus);
        if (!scraper.simulatedEndpoint() || !scraper.hasCounter()) {
            scraper.close();
            throw new MeterException(urls + " does not publish " + DcgmScraper.TRUTH + " and " + DcgmScraper.ENERGY
                    + ": not the Joulebench reference engine (use the dcgm source for a real exporter)");
        }
        return new SimulatedEnergyMeter(scraper, options.exporterInterval());
    }

    @Override
    public EnergySource energySource() {
        return EnergySource.SIMULATED;
    }

    @Override
    public Map<String, Object> settings() {
        return settings("counter_update_period_ms");
    }

    @Override
    public Map<Integer, Double> truthAtLastReadJ() {
        return scraper.truthAtLastRead();
    }
}
