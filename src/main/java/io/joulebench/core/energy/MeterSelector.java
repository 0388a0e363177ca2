package io.joulebench.core.energy;

import io.joulebench.core.time.Clock;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Opens the meter a study or {@code joulebench meter} asks for. {@code auto} tries NVML, then a configured DCGM
 * exporter, then readable RAPL, then the engine's own figure (simulated for the reference engine, a CPU estimate
 * otherwise), and records why each earlier option was skipped.
 */
public final class MeterSelector {

    /** The sources {@link #select} takes: the spellings of {@link EnergySource}. */
    public static final List<String> SOURCES = EnergySource.wires();

    /**
     * @param gpus         GPU indices (empty = all): NVML indices, and the {@code gpu} label of DCGM exporters and of
     *                     the reference engine's simulated GPUs
     * @param nvmlLibrary  library name or path for JNA
     * @param dcgmUrls     DCGM exporter endpoints, one per node (empty = none configured)
     * @param dcgmOptions  the exporters' collection interval (default 30 s, the stock exporter's) and scrape timeout
     * @param engineUrls   the reference engine's {@code /metrics} (empty when the engine is not the reference one)
     * @param enginePeriod how often the reference engine's counter updates (its {@code --counter-period-ms})
     * @param cpuTarget    what the CPU estimate measures
     * @param prometheus   the Prometheus source's URL and query (null = none configured)
     */
    public record Config(List<Integer> gpus, String nvmlLibrary, List<URI> dcgmUrls,
                         DcgmEnergyMeter.Options dcgmOptions, Path raplRoot, List<URI> engineUrls,
                         Duration enginePeriod, CpuTimeSource cpuTarget, CpuEstimateMeter.Options cpuOptions,
                         Clock clock, PrometheusSettings prometheus) {
        public Config {
            gpus = List.copyOf(gpus);
            dcgmUrls = List.copyOf(dcgmUrls);
            engineUrls = List.copyOf(engineUrls);
            Objects.requireNonNull(nvmlLibrary, "nvmlLibrary");
            Objects.requireNonNull(dcgmOptions, "dcgmOptions");
            Objects.requireNonNull(raplRoot, "raplRoot");
            Objects.requireNonNull(enginePeriod, "enginePeriod");
            if (!enginePeriod.isPositive()) {
                throw new IllegalArgumentException("the engine's counter period must be > 0");
            }
            Objects.requireNonNull(cpuTarget, "cpuTarget");
            Objects.requireNonNull(cpuOptions, "cpuOptions");
            Objects.requireNonNull(clock, "clock");
        }

        public static Config defaults() {
            return new Config(List.of(), NvmlEnergyMeter.DEFAULT_LIBRARY, List.of(), DcgmEnergyMeter.Options.defaults(),
                    RaplEnergyMeter.DEFAULT_ROOT, List.of(), SimulatedEnergyMeter.DEFAULT_UPDATE_PERIOD,
                    new CpuTimeSource.Machine(), CpuEstimateMeter.Options.defaults(), Clock.system(), null);
        }

        public Config withGpus(List<Integer> v) {
            return new Config(v, nvmlLibrary, dcgmUrls, dcgmOptions, raplRoot, engineUrls, enginePeriod, cpuTarget,
                    cpuOptions, clock, prometheus);
        }

        public Config withNvmlLibrary(String v) {
            return new Config(gpus, v, dcgmUrls, dcgmOptions, raplRoot, engineUrls, enginePeriod, cpuTarget,
                    cpuOptions, clock, prometheus);
        }

        public Config withDcgm(List<URI> urls, DcgmEnergyMeter.Options options) {
            return new Config(gpus, nvmlLibrary, urls, options, raplRoot, engineUrls, enginePeriod, cpuTarget,
                    cpuOptions, clock, prometheus);
        }

        public Config withRaplRoot(Path v) {
            return new Config(gpus, nvmlLibrary, dcgmUrls, dcgmOptions, v, engineUrls, enginePeriod, cpuTarget,
                    cpuOptions, clock, prometheus);
        }

        public Config withEngineUrls(List<URI> v) {
            return new Config(gpus, nvmlLibrary, dcgmUrls, dcgmOptions, raplRoot, v, enginePeriod, cpuTarget,
                    cpuOptions, clock, prometheus);
        }

        public Config withEnginePeriod(Duration v) {
            return new Config(gpus, nvmlLibrary, dcgmUrls, dcgmOptions, raplRoot, engineUrls, v, cpuTarget,
                    cpuOptions, clock, prometheus);
        }

        public Config withCpu(CpuTimeSource target, CpuEstimateMeter.Options options) {
            return new Config(gpus, nvmlLibrary, dcgmUrls, dcgmOptions, raplRoot, engineUrls, enginePeriod, target,
                    options, clock, prometheus);
        }

        public Config withPrometheus(PrometheusSettings v) {
            return new Config(gpus, nvmlLibrary, dcgmUrls, dcgmOptions, raplRoot, engineUrls, enginePeriod, cpuTarget,
                    cpuOptions, clock, v);
        }

        public Config withClock(Clock v) {
            return new Config(gpus, nvmlLibrary, dcgmUrls, dcgmOptions, raplRoot, engineUrls, enginePeriod, cpuTarget,
                    cpuOptions, v, prometheus);
        }
    }

    /** The opened meter and the reasons for the choice, for the results. */
    public record Selection(EnergyMeter meter, List<String> reasons) {
        public Selection {
            reasons = List.copyOf(reasons);
        }
    }

    private MeterSelector() {
    }

    /** Opens {@code source} (one of {@link #SOURCES}); throws {@link MeterException} saying why when unavailable. */
    public static Selection select(String source, Config config) {
        EnergySource s = EnergySource.fromWire(source.toLowerCase(Locale.ROOT)).orElseThrow(() ->
                new MeterException("unknown energy source '" + source + "' (one of " + SOURCES + ")"));
        return s == EnergySource.AUTO ? auto(config)
                : new Selection(open(s, config), List.of(source + ": requested"));
    }

    /**
     * Opens the host meter {@code measurement.host_energy} asks for, beside the primary: null for {@code none};
     * {@code auto} takes RAPL when readable, else the CPU estimate, with the reasons like {@code auto} above.
     */
    public static Selection selectHost(HostEnergy host, Config config) {
        return switch (host) {
            case NONE -> null;
            case RAPL -> new Selection(open(EnergySource.RAPL, config), List.of("rapl: requested"));
            case CPU_ESTIMATE -> new Selection(open(EnergySource.CPU_ESTIMATE, config),
                    List.of("cpu-estimate: requested"));
            case AUTO -> {
                List<String> reasons = new ArrayList<>();
                EnergyMeter meter = attempt(EnergySource.RAPL, config, reasons);
                if (meter == null) {
                    meter = attempt(EnergySource.CPU_ESTIMATE, config, reasons);
                }
                if (meter == null) {
                    throw new MeterException("no host energy source available: " + String.join("; ", reasons));
                }
                yield new Selection(meter, reasons);
            }
        };
    }

    static EnergyMeter open(EnergySource source, Config c) {
        return switch (source) {
            case NVML -> NvmlEnergyMeter.open(c.nvmlLibrary(), c.gpus(), c.clock());
            case RAPL -> RaplEnergyMeter.open(c.raplRoot());
            case DCGM -> DcgmEnergyMeter.open(required(c.dcgmUrls(), "dcgm"), c.clock(), c.dcgmOptions(), c.gpus());
            case SIMULATED -> SimulatedEnergyMeter.open(required(c.engineUrls().isEmpty() ? c.dcgmUrls()
                    : c.engineUrls(), "simulated"), c.clock(), c.dcgmOptions().withExporterInterval(c.enginePeriod()),
                    c.gpus());
            case CPU_ESTIMATE -> CpuEstimateMeter.open(c.cpuTarget(), c.clock(), c.cpuOptions());
            case PROMETHEUS -> {
                if (c.prometheus() == null) {
                    throw new MeterException("prometheus needs a URL and a query (measurement.prometheus, or"
                            + " --prometheus-url and --query)");
                }
                yield PrometheusEnergyMeter.open(c.prometheus(), c.clock());
            }
            case AUTO -> throw new MeterException("auto is a choice among sources, not a source to open");
        };
    }

    private static Selection auto(Config c) {
        List<String> reasons = new ArrayList<>();
        EnergyMeter meter = attempt(EnergySource.NVML, c, reasons);
        if (meter == null && c.dcgmUrls().isEmpty()) {
            reasons.add("dcgm: skipped: no exporter URL configured");
        } else if (meter == null) {
            meter = attempt(EnergySource.DCGM, c, reasons);
        }
        if (meter == null) {
            meter = attempt(EnergySource.RAPL, c, reasons);
        }
        if (meter == null && !c.engineUrls().isEmpty()) {
            meter = attempt(EnergySource.SIMULATED, c, reasons, "simulated: chosen as the engine's own figure");
        }
        if (meter == null) {
            try {
                meter = open(EnergySource.CPU_ESTIMATE, c);
            } catch (MeterException e) {
                throw new MeterException("no energy source available: " + String.join("; ", reasons)
                        + "; cpu-estimate: " + e.getMessage(), e);
            }
            reasons.add("cpu-estimate: chosen as the engine's own figure");
        }
        return new Selection(meter, reasons);
    }

    private static EnergyMeter attempt(EnergySource source, Config c, List<String> reasons) {
        return attempt(source, c, reasons, source.wire() + ": chosen");
    }

    private static EnergyMeter attempt(EnergySource source, Config c, List<String> reasons, String chosen) {
        try {
            EnergyMeter meter = open(source, c);
            reasons.add(chosen);
            return meter;
        } catch (MeterException e) {
            reasons.add(source.wire() + ": skipped: " + e.getMessage());
            return null;
        }
    }

    private static List<URI> required(List<URI> urls, String source) {
        if (urls.isEmpty()) {
            throw new MeterException(source + " needs a metrics URL (--url)");
        }
        return urls;
    }
}
