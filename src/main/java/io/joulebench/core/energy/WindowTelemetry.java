package io.joulebench.core.energy;

import java.util.ArrayList;
import java.util.List;

/**
 * What a bracket saw of its devices besides energy: the counter's measured update period and, per device, the SM
 * clock range, the most memory in use, the clock event (throttle) reasons seen and which power field was read. Part
 * of the bracket's {@link BracketResult.Provenance}; null fields mean the source did not say.
 *
 * @param tickPeriodMs     the counter's observed tick spacing (see {@link TickWatch}); null when not measured
 * @param tickSpacings     how many tick spacings the period is the mean of (0 when not measured)
 * @param tickResolutionMs each observed tick time is known to ± half of this; null when not measured
 */
public record WindowTelemetry(Double tickPeriodMs, int tickSpacings, Double tickResolutionMs, List<Device> devices) {

    public static final WindowTelemetry NONE = new WindowTelemetry(null, 0, null, List.of());

    public WindowTelemetry {
        devices = List.copyOf(devices);
    }

    /**
     * One device over the bracket.
     *
     * @param throttleReasons the names of every clock event reason active in at least one sample (empty: none was);
     *                        null when no sample carried the reasons
     * @param powerInstant    true when every power reading came from the instant field, false when none did, null
     *                        when no sample had power or the fields were mixed
     */
    public record Device(int index, Integer smClockMinMhz, Integer smClockMaxMhz, Double memoryUsedMaxMib,
                         List<String> throttleReasons, Boolean powerInstant) {

        public Device {
            throttleReasons = throttleReasons == null ? null : List.copyOf(throttleReasons);
        }
    }

    /** From the bracket's samples of {@code devices} and what its tick watch saw (null: nothing). */
    static WindowTelemetry of(List<Integer> devices, List<PowerSample> samples, TickWatch.Ticks ticks) {
        List<Device> out = new ArrayList<>(devices.size());
        for (int d : devices) {
            Integer clockMin = null;
            Integer clockMax = null;
            Double memory = null;
            Long reasons = null;
            int instant = 0;
            int averaged = 0;
            for (PowerSample s : samples) {
                if (s.device() != d) {
                    continue;
                }
                DeviceTelemetry t = s.telemetry();
                if (t.smClockMhz() != null) {
                    clockMin = clockMin == null ? t.smClockMhz() : Math.min(clockMin, t.smClockMhz());
                    clockMax = clockMax == null ? t.smClockMhz() : Math.max(clockMax, t.smClockMhz());
                }
                if (t.memoryUsedMib() != null) {
                    memory = memory == null ? t.memoryUsedMib() : Math.max(memory, t.memoryUsedMib());
                }
                if (t.clockEventReasons() != null) {
                    reasons = (reasons == null ? 0 : reasons) | t.clockEventReasons();
                }
                if (s.powerW() != null) {
                    if (t.powerInstantW() != null) {
                        instant++;
                    } else {
                        averaged++;
                    }
                }
            }
            Boolean allInstant = instant > 0 && averaged == 0 ? Boolean.TRUE
                    : averaged > 0 && instant == 0 ? Boolean.FALSE : null;
            out.add(new Device(d, clockMin, clockMax, memory,
                    reasons == null ? null : ClockEventReasons.names(reasons), allInstant));
        }
        return ticks == null ? new WindowTelemetry(null, 0, null, out)
                : new WindowTelemetry(ticks.periodMs(), ticks.spacings(), ticks.resolutionMs(), out);
    }
}
