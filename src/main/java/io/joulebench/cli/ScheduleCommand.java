package io.joulebench.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.traffic.ArrivalProcess;
import io.joulebench.core.traffic.ArrivalSchedule;
import io.joulebench.core.traffic.InvalidScheduleException;
import io.joulebench.core.traffic.ScheduleSpec;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code joulebench schedule}: prints the arrival schedule a traffic config would issue, as CSV offsets or a JSON
 * summary. Values are taken as text and checked here, so every bad value is one line naming its option (exit 2).
 */
@Command(name = "schedule", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Print an arrival schedule's offsets, or its summary.",
            "Offsets are in seconds from the run origin."})
public final class ScheduleCommand implements Callable<Integer> {

    /** Offsets carry 15 significant digits: nanoseconds up to ~10⁶ s, far more than the 9 required. */
    private static final MathContext DIGITS = new MathContext(15);

    @Spec
    CommandSpec spec;

    @Option(names = "--rate", paramLabel = "R", description = "Requests per second (> 0). Required.")
    String rate;

    @Option(names = "--arrival", paramLabel = "PROCESS", defaultValue = "poisson",
            description = "poisson, gamma or constant (default: ${DEFAULT-VALUE}).")
    String arrival;

    @Option(names = "--burstiness", paramLabel = "CV", defaultValue = "1.0",
            description = "CV of the gaps for gamma (> 0, default ${DEFAULT-VALUE}); shape k = 1/CV².")
    String burstiness;

    @Option(names = "--seed", paramLabel = "S",
            description = "Generator seed (default: drawn, and printed on stderr and in json).")
    String seed;

    @Option(names = "--count", paramLabel = "N", description = "Exactly N requests (≥ 1). One of --count/--duration.")
    String count;

    @Option(names = "--duration", paramLabel = "SECONDS",
            description = "Keep offsets ≤ SECONDS (> 0). One of --count/--duration.")
    String duration;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "csv",
            description = "csv (index,offset_s rows) or json (summary); default ${DEFAULT-VALUE}.")
    String format;

    @Override
    public Integer call() {
        String outputFormat = format.strip().toLowerCase(Locale.ROOT);
        if (!outputFormat.equals("csv") && !outputFormat.equals("json")) {
            throw new UserInputException("--format must be csv or json (got '" + format + "')");
        }
        ArrivalSchedule schedule;
        try {
            schedule = ArrivalSchedule.build(parseSpec());
        } catch (InvalidScheduleException e) {
            throw new UserInputException(optionOf(e.field()) + " " + e.problem());
        }
        if (seed == null) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("seed: " + schedule.seed() + " (drawn; pass --seed " + schedule.seed() + " to reproduce)");
            err.flush();
        }
        PrintWriter out = spec.commandLine().getOut();
        if (outputFormat.equals("csv")) {
            writeCsv(schedule, out);
        } else {
            out.println(json(schedule));
        }
        out.flush();
        return ExitCodes.OK;
    }

    /** The option that sets a {@link ScheduleSpec} field. */
    static String optionOf(String field) {
        return switch (field) {
            case "rate" -> "--rate";
            case "burstiness" -> "--burstiness";
            case "count" -> "--count";
            case "horizonSeconds" -> "--duration";
            default -> field;
        };
    }

    private ScheduleSpec parseSpec() {
        BenchOptions.required("--rate", rate);
        double r = BenchOptions.positiveNumber("--rate", rate);
        ArrivalProcess process = BenchOptions.arrival("--arrival", arrival);
        double cv = BenchOptions.positiveNumber("--burstiness", burstiness);
        Long s = seed == null ? null : BenchOptions.anyLong("--seed", seed);
        if ((count == null) == (duration == null)) {
            throw new UserInputException("give exactly one of --count and --duration");
        }
        if (count != null) {
            int n = BenchOptions.wholeNumber("--count", count, 1, ArrivalSchedule.MAX_REQUESTS);
            return ScheduleSpec.ofCount(r, process, cv, s, n);
        }
        return ScheduleSpec.ofHorizon(r, process, cv, s, BenchOptions.positiveNumber("--duration", duration));
    }

    private static void writeCsv(ArrivalSchedule schedule, PrintWriter out) {
        StringBuilder buffer = new StringBuilder(64 * 1024);
        buffer.append("index,offset_s\n");
        for (int i = 0; i < schedule.count(); i++) {
            buffer.append(i).append(',').append(decimal(schedule.offset(i))).append('\n');
            if (buffer.length() > 60 * 1024) {
                out.print(buffer);
                buffer.setLength(0);
            }
        }
        out.print(buffer);
    }

    /** Plain decimal with a '.' whatever the locale. */
    static String decimal(double value) {
        return new BigDecimal(value).round(DIGITS).toPlainString();
    }

    private static String json(ArrivalSchedule schedule) {
        Map<String, Object> summary = new LinkedHashMap<>();
        int n = schedule.count();
        summary.put("count", n);
        summary.put("mean_gap_s", finite(schedule.meanGap()));
        summary.put("configured_cv", finite(schedule.configuredCv()));
        summary.put("configured_gamma_shape_k", finite(schedule.configuredGammaShapeK()));
        summary.put("sampled_cv", finite(schedule.sampledCv()));
        summary.put("sampled_gamma_shape_k", finite(schedule.sampledGammaShapeK()));
        summary.put("first_offset_s", n == 0 ? null : schedule.offset(0));
        summary.put("last_offset_s", n == 0 ? null : schedule.offset(n - 1));
        summary.put("seed", schedule.seed());
        try {
            return new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(summary);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not write the summary", e);
        }
    }

    /**
     * JSON has no NaN or infinity: those become null. So {@code sampled_cv} and {@code sampled_gamma_shape_k} are null
     * for an empty schedule or one whose every gap is 0 s (CV undefined), and both shapes are null for
     * {@code constant} arrivals, whose CV is 0 and k = 1/CV² infinite.
     */
    private static Double finite(double value) {
        return Double.isFinite(value) ? value : null;
    }
}
