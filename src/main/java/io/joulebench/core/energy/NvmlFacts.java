package io.joulebench.core.energy;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import java.nio.charset.StandardCharsets;

/**
 * The descriptive NVML readings (driver version, architecture, power limit, SM clocks) that go into a window's
 * provenance and the GPU check. Each is null where the driver fails the call or lacks the symbol: an old driver
 * must cost a field, never the measurement.
 */
final class NvmlFacts {

    private NvmlFacts() {
    }

    static String driverVersion(NvmlLibrary nvml) {
        byte[] buffer = new byte[96];
        try {
            if (nvml.nvmlSystemGetDriverVersion(buffer, buffer.length) != NvmlLibrary.SUCCESS) {
                return null;
            }
        } catch (UnsatisfiedLinkError e) {
            return null;
        }
        int end = 0;
        while (end < buffer.length && buffer[end] != 0) {
            end++;
        }
        return new String(buffer, 0, end, StandardCharsets.UTF_8);
    }

    /** nvml.h's {@code nvmlDeviceArchitecture_t} name, or "unknown" where the driver cannot say. */
    static String architecture(NvmlLibrary nvml, Pointer h) {
        return architecture(intValue(r -> nvml.nvmlDeviceGetArchitecture(h, r)));
    }

    static String architecture(Integer code) {
        if (code == null) {
            return "unknown";
        }
        return switch (code) {
            case 2 -> "Kepler";
            case 3 -> "Maxwell";
            case 4 -> "Pascal";
            case 5 -> "Volta";
            case 6 -> "Turing";
            case 7 -> "Ampere";
            case 8 -> "Ada";
            case 9 -> "Hopper";
            case 10 -> "Blackwell";
            default -> "unknown (" + code + ")";
        };
    }

    /** The enforced power limit in watts. */
    static Double powerLimitW(NvmlLibrary nvml, Pointer h) {
        Integer mw = intValue(r -> nvml.nvmlDeviceGetEnforcedPowerLimit(h, r));
        return mw == null ? null : Integer.toUnsignedLong(mw) / 1000.0;
    }

    static Integer smClockMhz(NvmlLibrary nvml, Pointer h) {
        return intValue(r -> nvml.nvmlDeviceGetClockInfo(h, NvmlLibrary.CLOCK_SM, r));
    }

    static Integer smClockMaxMhz(NvmlLibrary nvml, Pointer h) {
        return intValue(r -> nvml.nvmlDeviceGetMaxClockInfo(h, NvmlLibrary.CLOCK_SM, r));
    }

    /** Device memory in use (MiB), or null where the driver fails the call or lacks the symbol. */
    static Double memoryUsedMib(NvmlLibrary nvml, Pointer h) {
        try (Memory info = new Memory(24)) {
            info.clear();
            return nvml.nvmlDeviceGetMemoryInfo(h, info) == NvmlLibrary.SUCCESS
                    ? info.getLong(16) / (1024.0 * 1024.0) : null;
        } catch (UnsatisfiedLinkError e) {
            return null;
        }
    }

    interface IntCall {
        int run(IntByReference out);
    }

    /** The call's output, or null when it fails or the driver lacks the symbol. */
    static Integer intValue(IntCall call) {
        IntByReference out = new IntByReference();
        try {
            return call.run(out) == NvmlLibrary.SUCCESS ? out.getValue() : null;
        } catch (UnsatisfiedLinkError e) {
            return null;
        }
    }
}
