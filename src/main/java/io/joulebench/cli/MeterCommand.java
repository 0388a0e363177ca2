package io.joulebench.cli;

import io.joulebench.core.WireName;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.CpuEstimateMeter;
import io.joulebench.core.energy.CpuTimeSource;
import io.joulebench.core.energy.DcgmEnergyMeter;
import io.joulebench.core.energy.DeviceInfo;
import io.joulebench.core.energy.EdgeAlignment;
import io.joulebench.core.energy.EnergyMeter;
import io.joulebench.core.energy.EnergySource;
import io.joulebench.core.energy.MeterException;
import io.joulebench.core.energy.MeterSelector;
import io.joulebench.core.energy.PrometheusSettings;
import io.joulebench.core.energy.SampledMeasurementBracket;
import io.joulebench.core.energy.SimulatedEnergyMeter;
import io.joulebench.core.time.Clock;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code joulebench meter}: one measurement bracket of S seconds on the chosen energy source. */
@Command(name = "meter", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Measure energy for S seconds and print it per device and in total.",
                "Also prints mean power, the source, kind and method, and the polled-power cross-check.",
                "NVML loads libnvidia-ml.so from the system; -Djna.library.path=DIR loads it from DIR."})
public final class MeterCommand implements Callable<Integer> {

    @Option(names = "--source", defaultValue = "auto", paramLabel = "SOURCE",
            description = "auto, nvml, rapl, dcgm, prometheus, cpu-estimate or simulated (default: ${DEFAULT-VALUE}).")
    String source;

    @Option(names = "--gpus", split = ",", paramLabel = "I",
            description = "GPU indices, e.g. 0,1: NVML indices, or the gpu label of a DCGM exporter or the reference"
                    + " engine (default: all).")
    List<Integer> gpus = new ArrayList<>();

    @Option(names = "--url", paramLabel = "URL",
            description = "Prometheus metrics URL: a DCGM exporter per node (dcgm, auto) or the reference engine's"
                    + " /metrics (simulated). Repeatable.")
    List<URI> urls = new ArrayList<>();

    @Option(names = "--rapl-root", paramLabel = "DIR", description = "powercap root (default: /sys/class/powercap).")
    Path raplRoot = Path.of("/sys/class/powercap");

    @Option(names = "--pid", paramLabel = "PID", description = "cpu-estimate: a process tree (default: the machine).")
    Long pid;

    @Option(names = "--cgroup", paramLabel = "DIR", description = "cpu-estimate: a cgroup directory.")
    Path cgroup;

    @Option(names = "--watts-per-core", defaultValue = "10", paramLabel = "W",
            description = "cpu-estimate: watts per busy core (default: ${DEFAULT-VALUE}).")
    double wattsPerCore;

    @Option(names = "--idle-watts", defaultValue = "0", paramLabel = "W",
            description = "cpu-estimate: watts at zero CPU use (default: ${DEFAULT-VALUE}).")
    double idleWatts;

    @Option(names = "--exporter-interval-ms", paramLabel = "MS",
            description = "dcgm, simulated, auto with --url: how often the endpoint's energy counter updates: the"
                    + " exporter's collection interval, dcgm-exporter -c (default: 30000 for dcgm, the stock"
                    + " exporter's), or the reference engine's --counter-period-ms (default: 100 for simulated).")
    Long exporterIntervalMs;

    @Option(names = "--prometheus-url", paramLabel = "URL",
            description = "prometheus: the Prometheus server's base URL, e.g. http://localhost:9090.")
    URI prometheusUrl;

    @Option(names = "--query", paramLabel = "PROMQL",
            description = "prometheus: a selector of one energy counter series per device, e.g."
                    + " DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{namespace=\"llm\",pod=~\"vllm-.*\"}.")
    String query;

    @Option(names = "--unit", defaultValue = "mJ", paramLabel = "UNIT",
            description = "prometheus: the counter's unit, mJ (dcgm-exporter) or J (RAPL, Kepler)"
                    + " (default: ${DEFAULT-VALUE}).")
    String unit;

    @Option(names = "--prometheus-kind", defaultValue = "counter", paramLabel = "KIND",
            description = "prometheus: counter, or power for a gauge in W (DCGM_FI_DEV_POWER_USAGE) to integrate"
                    + " (default: ${DEFAULT-VALUE}).")
    String prometheusKind;

    @Option(names = "--scrape-interval-seconds", paramLabel = "S",
            description = "prometheus: the targets' scrape interval when Prometheus' target metadata does not say"
                    + " (default: 30).")
    Double scrapeIntervalSeconds;

    @Option(names = "--prometheus-bearer-env", paramLabel = "VAR",
            description = "prometheus: the environment variable holding a bearer token.")
    String bearerEnv;

    @Option(names = "--prometheus-user-env", paramLabel = "VAR",
            description = "prometheus: the environment variable holding the basic-auth user.")
    String userEnv;

    @Option(names = "--prometheus-password-env", paramLabel = "VAR",
            description = "prometheus: the environment variable holding the basic-auth password.")
    String passwordEnv;

    @Option(names = "--seconds", required = true, paramLabel = "S", description = "How long to measure.")
    double seconds;

    @Option(names = "--interval-ms", defaultValue = "100", paramLabel = "MS",
            description = "Power sampling interval (default: ${DEFAULT-VALUE}).")
    long intervalMs;

    @Option(names = "--no-edge-alignment", description = "Read counters at the edges as they are (no tick alignment).")
    boolean noEdgeAlignment;

    @picocli.CommandLine.Mixin
    ReportFormat output;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (!(seconds > 0) || Double.isInfinite(seconds)) {
            throw new UserInputException("--seconds must be > 0, got " + seconds);
        }
        if (intervalMs <= 0) {
            throw new UserInputException("--interval-ms must be > 0, got " + intervalMs);
        }
        if (!MeterSelector.SOURCES.contains(source)) {
            throw new UserInputException("--source must be one of " + String.join(", ", MeterSelector.SOURCES)
                    + ", got '" + source + "'");
        }
        MeterSelector.Selection selection;
        try {
            selection = MeterSelector.select(source, config());
        } catch (MeterException e) {
            throw new UserInputException("energy source " + source + " unavailable: " + e.getMessage());
        }
        try (EnergyMeter meter = selection.meter()) {
            SampledMeasurementBracket.Options options = SampledMeasurementBracket.Options.defaults()
                    .withSampleInterval(Duration.ofMillis(intervalMs))
                    .withEdgeAlignment(noEdgeAlignment ? EdgeAlignment.off() : EdgeAlignment.auto());
            BracketResult result = measure(meter, Clock.system(), options, seconds);
            Map<String, Object> report = report(result, selection.reasons(), result.warnings());
            report.put("settings", meter.settings());
            PrintWriter out = spec.commandLine().getOut();
            if (output.json()) {
                out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(report));
            } else {
                MeterText.print(out, result, selection.reasons(), result.warnings());
            }
            out.flush();
        }
        return ExitCodes.OK;
    }

    /**
     * One bracket of {@code seconds}, timed from its opening edge: the close is due at the opening edge's instant +
     * S, so neither the opening edge's wait for a counter tick nor the sampler's stop lengthens it.
     */
    static BracketResult measure(EnergyMeter meter, Clock clock, SampledMeasurementBracket.Options options,
                                 double seconds) throws InterruptedException {
        try (SampledMeasurementBracket bracket = new SampledMeasurementBracket(meter, clock, options)) {
            bracket.open();
            clock.sleepUntil(bracket.openedAtNanos() + Math.round(seconds * 1e9));
            return bracket.finish();
        }
    }

    private MeterSelector.Config config() {
        if (exporterIntervalMs != null && exporterIntervalMs <= 0) {
            throw new UserInputException("--exporter-interval-ms must be > 0, got " + exporterIntervalMs);
        }
        Duration interval = exporterIntervalMs == null ? null : Duration.ofMillis(exporterIntervalMs);
        DcgmEnergyMeter.Options dcgm = DcgmEnergyMeter.Options.defaults();
        if (interval != null) {
            dcgm = dcgm.withExporterInterval(interval);
        }
        CpuTimeSource cpu = pid != null ? new CpuTimeSource.ProcessTree(pid)
                : cgroup != null ? new CpuTimeSource.Cgroup(cgroup) : new CpuTimeSource.Machine();
        CpuEstimateMeter.Options cpuOptions;
        try {
            cpuOptions = CpuEstimateMeter.Options.defaults().withWatts(wattsPerCore, idleWatts);
        } catch (IllegalArgumentException e) {
            throw new UserInputException(e.getMessage());
        }
        MeterSelector.Config c = MeterSelector.Config.defaults().withGpus(gpus).withRaplRoot(raplRoot)
                .withCpu(cpu, cpuOptions)
                .withEnginePeriod(interval != null ? interval : SimulatedEnergyMeter.DEFAULT_UPDATE_PERIOD);
        return switch (EnergySource.fromWire(source).orElse(EnergySource.AUTO)) {
            case PROMETHEUS -> c.withPrometheus(prometheus());
            case SIMULATED -> c.withEngineUrls(urls);
            // a --url may be a DCGM exporter or the reference engine's /metrics: auto tries it as both
            case AUTO -> c.withDcgm(urls, dcgm).withEngineUrls(urls);
            default -> c.withDcgm(urls, dcgm);
        };
    }

    private PrometheusSettings prometheus() {
        if (prometheusUrl == null || query == null || query.isBlank()) {
            throw new UserInputException("--source prometheus needs --prometheus-url and --query");
        }
        PrometheusSettings.Unit u = PrometheusSettings.Unit.fromWire(unit).orElseThrow(() ->
                new UserInputException("--unit must be mJ or J, got '" + unit + "'"));
        PrometheusSettings.Kind k = WireName.parse(PrometheusSettings.Kind.class, prometheusKind).orElseThrow(() ->
                new UserInputException("--prometheus-kind must be counter or power, got '" + prometheusKind + "'"));
        if (scrapeIntervalSeconds != null && !(scrapeIntervalSeconds > 0)) {
            throw new UserInputException("--scrape-interval-seconds must be > 0, got " + scrapeIntervalSeconds);
        }
        try {
            return PrometheusSettings.of(prometheusUrl, query, u).withKind(k)
                    .withScrapeInterval(scrapeIntervalSeconds == null ? null
                            : Duration.ofMillis(Math.round(scrapeIntervalSeconds * 1000)))
                    .withAuthorization(PrometheusSettings.authorization(bearerEnv, userEnv, passwordEnv, System.getenv(),
                            "--prometheus-*-env"));
        } catch (IllegalArgumentException e) {
            throw new UserInputException(e.getMessage());
        }
    }

    static Map<String, Object> report(BracketResult r, List<String> reasons, List<String> warnings) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("total_energy_j", r.energyJ());
        m.put("mean_power_w", r.meanPowerW());
        m.put("duration_s", r.durationSeconds());
        m.put("source", r.source());
        m.put("kind", r.kind().label());
        m.put("method", r.method().label());
        List<Map<String, Object>> devices = new ArrayList<>();
        for (int i = 0; i < r.devices().size(); i++) {
            DeviceInfo d = r.devices().get(i);
            Double e = r.deviceEnergyJ().get(i);
            Map<String, Object> dm = new LinkedHashMap<>();
            dm.put("index", d.index());
            dm.put("name", d.name());
            dm.put("uuid", d.uuid());
            dm.put("energy_j", e);
            dm.put("mean_power_w", e == null || r.durationSeconds() <= 0 ? null : e / r.durationSeconds());
            devices.add(dm);
        }
        m.put("devices", devices);
        m.put("integrated_j", r.integratedJ());
        m.put("cross_check_rel_diff", r.crossCheckRelDiff());
        m.put("truth_j", r.truthJ());
        m.put("samples", r.samples().size());
        m.put("start_utc", r.startUtc().toString());
        m.put("end_utc", r.endUtc().toString());
        m.put("reasons", reasons);
        m.put("warnings", warnings);
        return m;
    }
}
