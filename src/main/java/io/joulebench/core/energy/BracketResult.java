package io.joulebench.core.energy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The energy of one bracket (a window or a phase): when it ran ({@link Span}), what measured it
 * ({@link Provenance}), the measured figures, the samples and the warnings. Mean power and the counter cross-check
 * follow from those figures and are computed, not stored.
 *
 * @param energyJ       the headline energy over the selected devices: counter delta when the meter has one, else the
 *                      power integral; null when it could not be measured
 * @param deviceEnergyJ per device, same order as {@link #devices()}
 * @param integratedJ   the polled-power cross-check (trapezoid after a 3-point median clean); null with < 2 samples
 * @param truthJ        the reference engine's exact integral over the bracket (simulated meters only)
 * @param samples       the power timeseries, for charts and {@code timeseries.csv}
 * @param warnings      what a reader must know to judge the figure: the meter's own warnings at the close (a stale
 *                      exporter, a fallback taken, the assumptions of an estimate) and the bracket's (an edge whose
 *                      counter did not tick, a counter that went backwards); empty when none
 * @param domains       each domain's own result when more than one meter measured the bracket (the GPUs and the
 *                      host), gpu first; empty for one meter, whose domain is its source's
 * @param headline      which figure this result's own fields are when {@code domains} is not empty (the gpu
 *                      domain's, the host's, or the node's sum); null for one meter
 */
public record BracketResult(Span span, Provenance provenance, Double energyJ, List<Double> deviceEnergyJ,
                            Double integratedJ, Double truthJ, List<PowerSample> samples, List<String> warnings,
                            List<BracketResult> domains, HeadlineDomain headline) {

    /** The bracket's opening and closing edges on the shared monotonic clock and on the wall clock. */
    public record Span(long startNanos, long endNanos, Instant startUtc, Instant endUtc) {

        public double durationSeconds() {
            return Math.max(0, endNanos - startNanos) / 1e9;
        }
    }

    /**
     * What measured the bracket.
     *
     * @param method    how {@code energyJ} was obtained
     * @param devices   the devices in the bracket, in the order of {@link #deviceEnergyJ()}
     * @param telemetry what the bracket saw of them: the counter's measured update period, clocks, memory, throttle
     *                  reasons, power field ({@link WindowTelemetry#NONE} when not recorded)
     */
    public record Provenance(String source, EnergyKind kind, EnergyMethod method, List<DeviceInfo> devices,
                             WindowTelemetry telemetry) {

        public Provenance {
            devices = List.copyOf(devices);
            telemetry = telemetry == null ? WindowTelemetry.NONE : telemetry;
        }

        public Provenance(String source, EnergyKind kind, EnergyMethod method, List<DeviceInfo> devices) {
            this(source, kind, method, devices, WindowTelemetry.NONE);
        }
    }

    public BracketResult {
        deviceEnergyJ = deviceEnergyJ == null ? List.of() : Collections.unmodifiableList(
                new ArrayList<>(deviceEnergyJ));
        samples = List.copyOf(samples);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
        domains = domains == null ? List.of() : List.copyOf(domains);
    }

    /** One meter's result. */
    public BracketResult(Span span, Provenance provenance, Double energyJ, List<Double> deviceEnergyJ,
                         Double integratedJ, Double truthJ, List<PowerSample> samples, List<String> warnings) {
        this(span, provenance, energyJ, deviceEnergyJ, integratedJ, truthJ, samples, warnings, List.of(), null);
    }

    /** The result of domain {@code d}, or null when no meter measured it. */
    public BracketResult domain(EnergyDomain d) {
        if (domains.isEmpty()) {
            return EnergyDomain.of(source()) == d ? this : null;
        }
        return domains.stream().filter(r -> EnergyDomain.of(r.source()) == d).findFirst().orElse(null);
    }

    /** Each meter's own result: {@link #domains()}, or this result alone when one meter measured the bracket. */
    public List<BracketResult> measuredDomains() {
        return domains.isEmpty() ? List.of(this) : domains;
    }

    /** GPU + host energy when both were measured and have a figure; else null. */
    public Double nodeEnergyJ() {
        BracketResult gpu = domain(EnergyDomain.GPU);
        BracketResult host = domain(EnergyDomain.HOST);
        return gpu == null || host == null || gpu.energyJ() == null || host.energyJ() == null ? null
                : gpu.energyJ() + host.energyJ();
    }

    /** The kind of {@link #nodeEnergyJ()}: the weaker of the two domains'; null without a node figure. */
    public EnergyKind nodeKind() {
        return nodeEnergyJ() == null ? null : domain(EnergyDomain.GPU).kind().weakerOf(domain(EnergyDomain.HOST).kind());
    }

    /** What {@link #energyJ()} is: {@code gpu}, {@code host} or {@code node}. */
    public String headlineDomain() {
        return headline != null ? headline.wire() : EnergyDomain.of(source()).label();
    }

    public long startNanos() {
        return span.startNanos();
    }

    public long endNanos() {
        return span.endNanos();
    }

    public Instant startUtc() {
        return span.startUtc();
    }

    public Instant endUtc() {
        return span.endUtc();
    }

    public double durationSeconds() {
        return span.durationSeconds();
    }

    public String source() {
        return provenance.source();
    }

    public EnergyKind kind() {
        return provenance.kind();
    }

    public EnergyMethod method() {
        return provenance.method();
    }

    public List<DeviceInfo> devices() {
        return provenance.devices();
    }

    /** {@code energyJ / duration}, summed over devices; null without energy or duration. */
    public Double meanPowerW() {
        double seconds = durationSeconds();
        return energyJ != null && seconds > 0 ? energyJ / seconds : null;
    }

    /** {@code (integratedJ − energyJ) / energyJ} when both exist and the method is counter; else null. */
    public Double crossCheckRelDiff() {
        return method() == EnergyMethod.COUNTER && energyJ != null && energyJ > 0 && integratedJ != null
                ? (integratedJ - energyJ) / energyJ : null;
    }
}
