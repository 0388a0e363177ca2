package io.joulebench.core.energy;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the DCGM and simulated meters share: GPUs read by scraping Prometheus endpoints with DCGM-exporter names, a
 * counter that updates once per {@code updatePeriod}, and reads refused after an idempotent close. The two differ
 * only in their labels and in which endpoints they accept.
 */
abstract class ScrapedEnergyMeter implements EnergyMeter {

    protected final DcgmScraper scraper;
    private final Duration updatePeriod;
    private boolean closed;

    ScrapedEnergyMeter(DcgmScraper scraper, Duration updatePeriod) {
        this.scraper = scraper;
        this.updatePeriod = updatePeriod;
    }

    @Override
    public boolean hasEnergyCounter() {
        return scraper.hasCounter();
    }

    @Override
    public Optional<Duration> counterUpdatePeriod() {
        return hasEnergyCounter() ? Optional.of(updatePeriod) : Optional.empty();
    }

    @Override
    public List<String> warnings() {
        return scraper.warnings();
    }

    /** The update period under {@code periodKey}, the GPU selection and the node count (never the URLs). */
    protected Map<String, Object> settings(String periodKey) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(periodKey, updatePeriod.toMillis());
        m.put("gpu_indices", scraper.selection().isEmpty() ? null : scraper.selection());
        m.put("nodes", scraper.urls().size());
        return m;
    }

    @Override
    public List<DeviceInfo> devices() {
        return scraper.devices();
    }

    @Override
    public MeterReading read() {
        synchronized (this) {
            if (closed) {
                throw new MeterException(source() + " meter is closed");
            }
        }
        return scraper.read();
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            scraper.close();
        }
    }
}
