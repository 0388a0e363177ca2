package io.joulebench.core.energy;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import io.joulebench.core.time.Clock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * NVIDIA GPUs through NVML (JNA): the total-energy counter (mJ, Volta and newer, updates about every 100 ms), instant
 * power through {@code NVML_FI_DEV_POWER_INSTANT} where the driver has it (else {@code nvmlDeviceGetPowerUsage},
 * a 1 s average on Ampere and newer), temperature, clock event reasons, memory in use and the SM clock. Without the
 * counter on any selected GPU the meter falls back to integrated power and says so in {@link #warnings()}; a driver
 * without one of the other calls costs that field (null), never the measurement.
 * {@code -Djna.library.path=DIR} makes JNA load {@code libnvidia-ml.so} from DIR.
 */
public final class NvmlEnergyMeter implements KnownSourceMeter {

    private static final Logger LOG = LoggerFactory.getLogger(NvmlEnergyMeter.class);
    public static final String DEFAULT_LIBRARY = "nvidia-ml";
    private static final Duration COUNTER_UPDATE_PERIOD = Duration.ofMillis(100);
    private static final int FIELD_VALUE_SIZE = 40;

    /** One selected GPU; architecture, limit and maximum SM clock are provenance (null where the driver lacks them). */
    private record Gpu(DeviceInfo info, Pointer handle, boolean instantPower, String architecture,
                       Double powerLimitW, Integer smClockMaxMhz) {
    }

    private final NvmlLibrary nvml;
    private final Clock clock;
    private final List<Gpu> gpus;
    private final boolean counter;
    private final List<String> warnings;
    private final Calls calls;
    private final String driverVersion;
    private boolean closed;

    /**
     * Which optional entry points this driver has (probed once: a missing symbol throws on every call).
     *
     * @param reasons {@code nvmlDeviceGetCurrentClocksEventReasons}, the older {@code ...ThrottleReasons}, or null
     */
    private record Calls(String reasons, boolean memoryInfo, boolean clockInfo) {
    }

    private NvmlEnergyMeter(NvmlLibrary nvml, Clock clock, List<Gpu> gpus, boolean counter, List<String> warnings,
                            Calls calls, String driverVersion) {
        this.nvml = nvml;
        this.clock = clock;
        this.gpus = gpus;
        this.counter = counter;
        this.warnings = List.copyOf(warnings);
        this.calls = calls;
        this.driverVersion = driverVersion;
    }

    /** Opens the GPUs with these NVML indices (empty = all) from the system's libnvidia-ml. */
    public static NvmlEnergyMeter open(List<Integer> gpuIndices) {
        return open(DEFAULT_LIBRARY, gpuIndices, Clock.system());
    }

    /** {@code library}: a name JNA resolves ({@code nvidia-ml}) or an absolute path to the shared library. */
    public static NvmlEnergyMeter open(String library, List<Integer> gpuIndices, Clock clock) {
        NvmlLibrary nvml = loadAndInit(library);
        try {
            return discover(nvml, gpuIndices, clock);
        } catch (RuntimeException e) {
            nvml.nvmlShutdown();
            throw e;
        }
    }

    /** Loads {@code library} and initialises NVML; the caller owes one {@code nvmlShutdown}. */
    static NvmlLibrary loadAndInit(String library) {
        NvmlLibrary nvml;
        try {
            nvml = Native.load(library, NvmlLibrary.class);
        } catch (UnsatisfiedLinkError e) {
            throw new MeterException("NVML not found: no NVIDIA driver on this machine (could not load "
                    + library + "; pass -Djna.library.path=DIR if libnvidia-ml.so is installed elsewhere)", e);
        }
        int rc = call(() -> nvml.nvmlInit_v2(), "nvmlInit_v2");
        if (rc != NvmlLibrary.SUCCESS) {
            throw new MeterException("NVML init failed: " + describe(nvml, rc)
                    + " (is the NVIDIA driver loaded? try nvidia-smi)");
        }
        return nvml;
    }

    private static NvmlEnergyMeter discover(NvmlLibrary nvml, List<Integer> gpuIndices, Clock clock) {
        IntByReference count = new IntByReference();
        check(nvml, call(() -> nvml.nvmlDeviceGetCount_v2(count), "nvmlDeviceGetCount_v2"), "counting GPUs");
        int n = count.getValue();
        List<Integer> selection = new ArrayList<>(gpuIndices);
        if (selection.isEmpty()) {
            for (int i = 0; i < n; i++) {
                selection.add(i);
            }
        }
        if (selection.isEmpty()) {
            throw new MeterException("NVML sees no GPUs on this machine");
        }
        List<Gpu> gpus = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        boolean counter = true;
        for (int index : selection) {
            if (index < 0 || index >= n) {
                throw new MeterException("GPU index " + index + " not found: NVML sees " + n + " GPU(s)"
                        + (n > 0 ? ", indices 0.." + (n - 1) : ""));
            }
            PointerByReference ref = new PointerByReference();
            check(nvml, nvml.nvmlDeviceGetHandleByIndex_v2(index, ref), "opening GPU " + index);
            Pointer handle = ref.getValue();
            String architecture = NvmlFacts.architecture(nvml, handle);
            DeviceInfo info = new DeviceInfo(index, text(nvml, handle, true), text(nvml, handle, false),
                    architecture.equals("unknown") ? null : architecture);
            String noCounter = probeCounter(nvml, handle, info);
            if (noCounter != null) {
                counter = false;
                warnings.add(noCounter + "; energy is integrated from polled power");
            }
            gpus.add(new Gpu(info, handle, probeInstantPower(nvml, handle), architecture,
                    NvmlFacts.powerLimitW(nvml, handle), NvmlFacts.smClockMaxMhz(nvml, handle)));
        }
        warnings = warnings.stream().distinct().toList();
        warnings.forEach(w -> LOG.warn("NVML: {}", w));
        return new NvmlEnergyMeter(nvml, clock, List.copyOf(gpus), counter, warnings,
                probeCalls(nvml, gpus.getFirst().handle()), NvmlFacts.driverVersion(nvml));
    }

    /** Null when the counter works, else why not. */
    private static String probeCounter(NvmlLibrary nvml, Pointer handle, DeviceInfo info) {
        try {
            int rc = nvml.nvmlDeviceGetTotalEnergyConsumption(handle, new LongByReference());
            if (rc == NvmlLibrary.SUCCESS) {
                return null;
            }
            return "GPU " + info.index() + " (" + info.name() + ") has no energy counter ("
                    + describe(nvml, rc) + "; it needs a Volta or newer GPU)";
        } catch (UnsatisfiedLinkError e) {
            return "this NVIDIA driver has no nvmlDeviceGetTotalEnergyConsumption (driver too old)";
        }
    }

    private static boolean probeInstantPower(NvmlLibrary nvml, Pointer handle) {
        try {
            return instantPowerMw(nvml, handle) != null;
        } catch (UnsatisfiedLinkError e) {
            return false;
        }
    }

    private static Calls probeCalls(NvmlLibrary nvml, Pointer h) {
        String reasons = has(() -> nvml.nvmlDeviceGetCurrentClocksEventReasons(h, new LongByReference()))
                ? EVENT_REASONS
                : has(() -> nvml.nvmlDeviceGetCurrentClocksThrottleReasons(h, new LongByReference()))
                ? THROTTLE_REASONS : null;
        return new Calls(reasons, has(() -> nvml.nvmlDeviceGetMemoryInfo(h, new Memory(24))),
                has(() -> nvml.nvmlDeviceGetClockInfo(h, NvmlLibrary.CLOCK_SM, new IntByReference())));
    }

    private static final String EVENT_REASONS = "nvmlDeviceGetCurrentClocksEventReasons";
    private static final String THROTTLE_REASONS = "nvmlDeviceGetCurrentClocksThrottleReasons";

    /** Whether the driver has the symbol (the call's result does not matter). */
    private static boolean has(NvmlCall call) {
        try {
            call.run();
            return true;
        } catch (UnsatisfiedLinkError e) {
            return false;
        }
    }

    /** Instant power (mW) through {@code NVML_FI_DEV_POWER_INSTANT}, or null where the driver lacks the field. */
    static Long instantPowerMw(NvmlLibrary nvml, Pointer handle) {
        try (Memory field = new Memory(FIELD_VALUE_SIZE)) {
            field.clear();
            field.setInt(0, NvmlLibrary.FI_DEV_POWER_INSTANT);
            if (nvml.nvmlDeviceGetFieldValues(handle, 1, field) != NvmlLibrary.SUCCESS
                    || field.getInt(28) != NvmlLibrary.SUCCESS) {
                return null;
            }
            return switch (field.getInt(24)) {
                case 0 -> Math.round(field.getDouble(32));
                case 1 -> Integer.toUnsignedLong(field.getInt(32));
                case 2, 3, 4 -> field.getLong(32);
                case 5 -> (long) field.getInt(32);
                case 6 -> (long) Short.toUnsignedInt(field.getShort(32));
                default -> null;
            };
        }
    }

    @Override
    public EnergySource energySource() {
        return EnergySource.NVML;
    }

    @Override
    public boolean hasEnergyCounter() {
        return counter;
    }

    @Override
    public Optional<Duration> counterUpdatePeriod() {
        return counter ? Optional.of(COUNTER_UPDATE_PERIOD) : Optional.empty();
    }

    @Override
    public List<String> warnings() {
        return warnings;
    }

    @Override
    public java.util.Map<String, Object> settings() {
        java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("gpu_indices", gpus.stream().map(g -> g.info().index()).toList());
        m.put("counter_update_period_ms", counter ? COUNTER_UPDATE_PERIOD.toMillis() : null);
        m.put("instant_power", gpus.stream().map(Gpu::instantPower).toList());
        // which NVML fields the figures come from, and what the GPUs are: a window's provenance
        m.put("energy_field", counter ? ENERGY_FIELD : INTEGRAL_FIELD);
        m.put("power_fields", gpus.stream().map(g -> g.instantPower() ? INSTANT_FIELD : AVERAGED_FIELD).toList());
        m.put("driver_version", driverVersion);
        m.put("architectures", gpus.stream().map(Gpu::architecture).toList());
        m.put("power_limits_w", gpus.stream().map(Gpu::powerLimitW).toList());
        m.put("sm_clock_max_mhz", gpus.stream().map(Gpu::smClockMaxMhz).toList());
        m.put("throttle_reasons_field", calls.reasons());
        return m;
    }

    @Override
    public List<DeviceInfo> devices() {
        return gpus.stream().map(Gpu::info).toList();
    }

    @Override
    public synchronized MeterReading read() {
        if (closed) {
            throw new MeterException("NVML meter is closed");
        }
        long before = clock.nanoTime();
        List<DeviceReading> readings = new ArrayList<>(gpus.size());
        for (Gpu gpu : gpus) {
            readings.add(readGpu(gpu));
        }
        return new MeterReading(before + (clock.nanoTime() - before) / 2, readings);
    }

    /** {@code energy_field}: the total-energy counter ({@code nvmlDeviceGetTotalEnergyConsumption}) ... */
    public static final String ENERGY_FIELD = "total_energy_counter";
    /** ... or polled power integrated by the bracket. */
    public static final String INTEGRAL_FIELD = "power_integral";
    /** {@code power_fields}: {@code NVML_FI_DEV_POWER_INSTANT} ... */
    public static final String INSTANT_FIELD = "power_instant";
    /** ... or {@code nvmlDeviceGetPowerUsage} (a 1 s average on Ampere and newer). */
    public static final String AVERAGED_FIELD = "power_usage_averaged";

    private DeviceReading readGpu(Gpu gpu) {
        Pointer h = gpu.handle();
        Double energy = null;
        if (counter) {
            LongByReference mj = new LongByReference();
            check(nvml, nvml.nvmlDeviceGetTotalEnergyConsumption(h, mj), "reading the energy of GPU "
                    + gpu.info().index());
            energy = mj.getValue() / 1000.0;
        }
        Long milliwatts = gpu.instantPower() ? instantPowerMw(nvml, h) : null;
        Double instantW = milliwatts == null ? null : milliwatts / 1000.0;
        if (milliwatts == null) {
            IntByReference mw = new IntByReference();
            milliwatts = nvml.nvmlDeviceGetPowerUsage(h, mw) == NvmlLibrary.SUCCESS
                    ? Integer.toUnsignedLong(mw.getValue()) : null;
        }
        IntByReference temp = new IntByReference();
        Double celsius = nvml.nvmlDeviceGetTemperature(h, NvmlLibrary.TEMPERATURE_GPU, temp) == NvmlLibrary.SUCCESS
                ? (double) temp.getValue() : null;
        Long reasons = reasons(h);
        DeviceTelemetry telemetry = new DeviceTelemetry(calls.memoryInfo() ? NvmlFacts.memoryUsedMib(nvml, h) : null,
                calls.clockInfo() ? NvmlFacts.smClockMhz(nvml, h) : null, reasons, instantW);
        return new DeviceReading(gpu.info().index(), energy, milliwatts == null ? null : milliwatts / 1000.0,
                celsius, reasons == null ? null : ClockEventReasons.thermal(reasons), telemetry);
    }

    /** The clock event reason bits, or null where the driver has neither call or fails it. */
    private Long reasons(Pointer h) {
        if (calls.reasons() == null) {
            return null;
        }
        LongByReference bits = new LongByReference();
        int rc = calls.reasons().equals(EVENT_REASONS) ? nvml.nvmlDeviceGetCurrentClocksEventReasons(h, bits)
                : nvml.nvmlDeviceGetCurrentClocksThrottleReasons(h, bits);
        return rc == NvmlLibrary.SUCCESS ? bits.getValue() : null;
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            int rc = nvml.nvmlShutdown();
            if (rc != NvmlLibrary.SUCCESS) {
                LOG.debug("nvmlShutdown: {}", describe(nvml, rc));
            }
        }
    }

    static String text(NvmlLibrary nvml, Pointer handle, boolean name) {
        byte[] buffer = new byte[96];
        int rc = name ? nvml.nvmlDeviceGetName(handle, buffer, buffer.length)
                : nvml.nvmlDeviceGetUUID(handle, buffer, buffer.length);
        if (rc != NvmlLibrary.SUCCESS) {
            return name ? "NVIDIA GPU" : null;
        }
        int end = 0;
        while (end < buffer.length && buffer[end] != 0) {
            end++;
        }
        return new String(buffer, 0, end, StandardCharsets.UTF_8);
    }

    private interface NvmlCall {
        int run();
    }

    private static int call(NvmlCall call, String symbol) {
        try {
            return call.run();
        } catch (UnsatisfiedLinkError e) {
            throw new MeterException("this NVIDIA driver is too old: NVML has no " + symbol, e);
        }
    }

    static void check(NvmlLibrary nvml, int rc, String what) {
        if (rc != NvmlLibrary.SUCCESS) {
            throw new MeterException("NVML failed " + what + ": " + describe(nvml, rc));
        }
    }

    static String describe(NvmlLibrary nvml, int rc) {
        try {
            return nvml.nvmlErrorString(rc) + " (nvmlReturn " + rc + ")";
        } catch (UnsatisfiedLinkError e) {
            return "nvmlReturn " + rc;
        }
    }
}
