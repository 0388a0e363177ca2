package io.joulebench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.joulebench.core.energy.MeterException;
import io.joulebench.core.energy.NvmlEnergyMeter;
import io.joulebench.core.energy.NvmlGpuCheck;
import io.joulebench.core.energy.NvmlGpuCheck.Device;
import io.joulebench.core.energy.NvmlGpuCheck.Finding;
import io.joulebench.core.energy.NvmlGpuCheck.Report;
import io.joulebench.core.results.WindowColumn;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvTable;
import io.joulebench.core.time.Clock;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code joulebench gpu-check}: what NVML reads on this machine's GPUs, and whether each reading is plausible. */
@Command(name = "gpu-check", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Check that this machine's NVML readings are plausible.",
                "Exits 1 if any reading is implausible.",
                "Prints per GPU: identity, architecture, power limit, SM clock, temperature, instant and averaged"
                        + " power, the energy counter's measured update period, and the counter's energy against"
                        + " polled power integrated over a steady interval. bench/gpu-check.sh runs it with a"
                        + " reference-engine study on the NVML meter."})
public final class GpuCheckCommand implements Callable<Integer> {

    @Option(names = "--gpus", split = ",", paramLabel = "I", description = "NVML indices, e.g. 0,1 (default: all).")
    List<Integer> gpus = new ArrayList<>();

    @Option(names = "--seconds", defaultValue = "10", paramLabel = "S",
            description = "Steady interval over which counter and integrated power are compared"
                    + " (default: ${DEFAULT-VALUE}).")
    double seconds;

    @Option(names = "--library", defaultValue = NvmlEnergyMeter.DEFAULT_LIBRARY, paramLabel = "LIB",
            description = "libnvidia-ml to load: a name or an absolute path (default: ${DEFAULT-VALUE}).")
    String library;

    @Option(names = "--results", paramLabel = "DIR",
            description = "Instead of reading the GPUs, check a results folder measured on NVML: every window"
                    + " measured by nvml, with energy > 0 and counter and integrated power within 10 %%.")
    java.nio.file.Path results;

    @picocli.CommandLine.Mixin
    ReportFormat output;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (!(seconds > 0) || seconds > 3600) {
            throw new UserInputException("--seconds must be in (0, 3600], got " + seconds);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (results != null) {
            return checkResults(out);
        }
        Report report;
        try {
            report = NvmlGpuCheck.run(library, gpus, Duration.ofMillis(1500),
                    Duration.ofNanos(Math.round(seconds * 1e9)), Clock.system());
        } catch (MeterException e) {
            err.println("joulebench: gpu-check: " + e.getMessage());
            err.flush();
            return ExitCodes.RUN_FAILED;
        }
        if (output.json()) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(report));
        } else {
            print(out, report);
        }
        out.flush();
        return report.plausible() ? ExitCodes.OK : ExitCodes.RUN_FAILED;
    }

    /** Every window of a run on the NVML meter: measured by nvml, energy above zero, the cross-check within 10 %. */
    private int checkResults(PrintWriter out) {
        WindowsCsvTable table;
        try {
            table = WindowsCsvTable.readFolder(results);
        } catch (java.io.IOException e) {
            throw new UserInputException("--results " + results + ": cannot read "
                    + WindowsCsvTable.FILE_NAME + " (" + e.getMessage() + ")");
        }
        int failed = 0;
        out.printf(Locale.ROOT, "%-40s %8s %-8s %-10s %10s %12s %9s  %s%n", "window", "rate", "source", "kind",
                "energy J", "J/token", "x-check", "verdict");
        for (WindowRow row : table.rows()) {
            List<String> problems = new ArrayList<>();
            String source = row.text(WindowColumn.ENERGY_SOURCE.header());
            String kind = row.text(WindowColumn.ENERGY_KIND.header());
            double energy = row.numberOr(WindowColumn.ENERGY_J.header(), Double.NaN);
            double crossCheck = row.numberOr(WindowColumn.CROSS_CHECK_REL_DIFF.header(), Double.NaN);
            if (!source.equals("nvml")) {
                problems.add("source " + source);
            }
            if (!kind.equals("measured")) {
                problems.add("kind " + kind);
            }
            if (!(energy > 0)) {
                problems.add("energy not above 0");
            }
            if (Math.abs(crossCheck) >= NvmlGpuCheck.FAIL_REL_DIFF) {
                problems.add("counter and integrated power differ by " + Math.round(100 * crossCheck) + " %");
            }
            failed += problems.isEmpty() ? 0 : 1;
            out.printf(Locale.ROOT, "%-40s %8s %-8s %-10s %10s %12s %9s  %s%n",
                    row.text(WindowColumn.EXPERIMENT_ID.header()), row.text(WindowColumn.RATE_REQ_S.header()), source,
                    kind, num(energy, 2), num(row.numberOr(WindowColumn.J_PER_TOKEN.header(), Double.NaN), 4),
                    Double.isNaN(crossCheck) ? "-" : String.format(Locale.ROOT, "%+.1f%%", 100 * crossCheck),
                    problems.isEmpty() ? "OK" : "FAIL: " + String.join("; ", problems));
        }
        if (table.rows().isEmpty()) {
            out.println("verdict: IMPLAUSIBLE (no windows in " + results + ")");
            return ExitCodes.RUN_FAILED;
        }
        out.println(failed == 0 ? "verdict: plausible (" + table.rows().size() + " windows)"
                : "verdict: IMPLAUSIBLE (" + failed + " of " + table.rows().size() + " windows)");
        return failed == 0 ? ExitCodes.OK : ExitCodes.RUN_FAILED;
    }

    static void print(PrintWriter out, Report r) {
        out.printf(Locale.ROOT, "NVML driver %s, %d GPU(s), steady interval %.1f s%n",
                r.driverVersion() == null ? "(version unknown)" : r.driverVersion(), r.devices().size(),
                r.steadySeconds());
        out.printf(Locale.ROOT, "%-4s %-24s %-10s %8s %11s %7s %10s %8s %10s %11s %13s %7s%n", "gpu", "name", "arch",
                "limit W", "SM MHz", "temp C", "instant W", "avg W", "period ms", "counter J", "integrated J",
                "diff");
        for (Device d : r.devices()) {
            out.printf(Locale.ROOT, "%-4d %-24s %-10s %8s %11s %7s %10s %8s %10s %11s %13s %7s%n",
                    d.info().index(), cut(d.info().name(), 24), d.architecture(), num(d.powerLimitW(), 0),
                    d.smClockMhz() == null ? "-" : d.smClockMhz() + "/" + (d.smClockMaxMhz() == null ? "?"
                            : d.smClockMaxMhz()), num(d.temperatureC(), 0), num(d.instantPowerW(), 1),
                    num(d.averagePowerW(), 1), num(d.counterUpdatePeriodMs(), 1), num(d.counterEnergyJ(), 2),
                    num(d.integratedEnergyJ(), 2), d.counterVsIntegratedRelDiff() == null ? "-"
                            : String.format(Locale.ROOT, "%+.1f%%", 100 * d.counterVsIntegratedRelDiff()));
        }
        out.println("checks:");
        for (Finding f : r.findings()) {
            out.printf(Locale.ROOT, "  GPU %d  %-28s %-4s  %s%n", f.gpu(), f.reading(), f.verdict(), f.detail());
        }
        long failed = r.findings().stream().filter(f -> f.verdict() == NvmlGpuCheck.Verdict.FAIL).count();
        out.println(failed == 0 ? "verdict: plausible" : "verdict: IMPLAUSIBLE (" + failed + " failed check"
                + (failed == 1 ? "" : "s") + ")");
    }

    private static String num(Double v, int decimals) {
        return v == null || v.isNaN() ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    private static String cut(String s, int width) {
        return s == null ? "-" : s.length() <= width ? s : s.substring(0, width - 1) + "…";
    }
}
