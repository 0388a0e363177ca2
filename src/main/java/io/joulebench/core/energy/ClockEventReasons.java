package io.joulebench.core.energy;

import java.util.ArrayList;
import java.util.List;

/**
 * Names of the clock event (throttle) reason bits of NVML's {@code nvmlClocksEventReason*} constants, which DCGM's
 * {@code DCGM_FI_DEV_CLOCK_THROTTLE_REASONS} carries too. The names follow nvidia-smi's
 * {@code clocks_event_reasons.*} query fields; a bit with no name here is {@code bit_<n>}.
 */
public final class ClockEventReasons {

    /** Bit i of the mask is {@code NAMES.get(i)}. */
    static final List<String> NAMES = List.of("gpu_idle", "applications_clocks_setting", "sw_power_cap",
            "hw_slowdown", "sync_boost", "sw_thermal_slowdown", "hw_thermal_slowdown", "hw_power_brake_slowdown",
            "display_clock_setting");
    /** SW | HW thermal slowdown: what the {@code throttled} flag means. */
    public static final long THERMAL = 0x20L | 0x40L;
    /** What a reading with no active reason says. */
    public static final String NONE = "none";

    private ClockEventReasons() {
    }

    /** The names of the set bits, lowest first. */
    public static List<String> names(long mask) {
        List<String> names = new ArrayList<>();
        for (int bit = 0; bit < 64; bit++) {
            if ((mask & (1L << bit)) != 0) {
                names.add(bit < NAMES.size() ? NAMES.get(bit) : "bit_" + bit);
            }
        }
        return names;
    }

    /** The names joined by {@code ;}, or {@value #NONE}. */
    public static String joined(long mask) {
        return mask == 0 ? NONE : String.join(";", names(mask));
    }

    public static boolean thermal(long mask) {
        return (mask & THERMAL) != 0;
    }
}
