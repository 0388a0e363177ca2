package io.joulebench.core.energy;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The NVML entry points {@link NvmlEnergyMeter} calls (nvml.h). Each returns an {@code nvmlReturn_t}; unsigned
 * outputs come back in signed Java holders and are widened by the caller. A symbol an old driver lacks throws
 * {@link UnsatisfiedLinkError} when called.
 */
interface NvmlLibrary extends Library {

    int SUCCESS = 0;
    int ERROR_NOT_SUPPORTED = 3;
    int FI_DEV_POWER_INSTANT = 186;
    int TEMPERATURE_GPU = 0;
    int CLOCK_SM = 1;

    int nvmlInit_v2();

    int nvmlShutdown();

    String nvmlErrorString(int result);

    int nvmlDeviceGetCount_v2(IntByReference count);

    int nvmlDeviceGetHandleByIndex_v2(int index, PointerByReference device);

    int nvmlDeviceGetName(Pointer device, byte[] name, int length);

    int nvmlDeviceGetUUID(Pointer device, byte[] uuid, int length);

    int nvmlDeviceGetTotalEnergyConsumption(Pointer device, LongByReference millijoules);

    int nvmlDeviceGetPowerUsage(Pointer device, IntByReference milliwatts);

    /** {@code values} points to {@code count} 40-byte {@code nvmlFieldValue_t} structs. */
    int nvmlDeviceGetFieldValues(Pointer device, int count, Pointer values);

    int nvmlDeviceGetTemperature(Pointer device, int sensor, IntByReference celsius);

    int nvmlDeviceGetCurrentClocksEventReasons(Pointer device, LongByReference reasons);

    int nvmlDeviceGetCurrentClocksThrottleReasons(Pointer device, LongByReference reasons);

    int nvmlSystemGetDriverVersion(byte[] version, int length);

    /** {@code nvmlDeviceArchitecture_t}: 5 Volta, 6 Turing, 7 Ampere, 8 Ada, 9 Hopper, 10 Blackwell (drivers 470+). */
    int nvmlDeviceGetArchitecture(Pointer device, IntByReference architecture);

    int nvmlDeviceGetEnforcedPowerLimit(Pointer device, IntByReference milliwatts);

    int nvmlDeviceGetClockInfo(Pointer device, int type, IntByReference mhz);

    int nvmlDeviceGetMaxClockInfo(Pointer device, int type, IntByReference mhz);

    /** {@code memory} points to a 24-byte {@code nvmlMemory_t}: total, free, used (bytes, unsigned 64-bit). */
    int nvmlDeviceGetMemoryInfo(Pointer device, Pointer memory);
}
