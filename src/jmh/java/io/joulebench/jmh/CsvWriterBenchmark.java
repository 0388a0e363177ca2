package io.joulebench.jmh;

import io.joulebench.core.csv.CsvWriter;
import io.joulebench.core.results.WindowsCsvColumns;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.window.RequestColumns;
import io.joulebench.core.window.RequestLogRow;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The shipped CSV writers on realistic rows.
 *
 * <ul>
 *   <li>{@code windowsRow}: one full {@code windows.csv} row (every column of {@link WindowsCsvColumns#ALL}, typed as
 *       the row mapper types them: ids and names, Longs, Doubles with many digits, Booleans, a few nulls, an
 *       invalid reason that needs quoting) through a {@link CsvWriter} whose header is already written.</li>
 *   <li>{@code windowsRowAsCredited}: the same row as a results folder credits it today (BundleWriter.rowLine):
 *       a fresh {@link CsvWriter} on a {@link StringWriter}, the header written and discarded so the cells' kinds
 *       are known, then the row. Once per window, twice with the bundle's own row.csv.</li>
 *   <li>{@code requestLogRow}: one {@code requests.csv} line, {@code RequestColumns.TABLE.csvLine}, for a finished request
 *       of 64 streamed tokens (its {@code output_token_times} cell holds 64 times). Once per request, so this is
 *       the CSV cost that grows with the request rate.</li>
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CsvWriterBenchmark {

    static final int TOKENS = 64;

    List<Object> windowsValues;
    CsvWriter headed;
    RequestLogRow requestRow;

    @Setup
    public void setup() throws IOException {
        windowsValues = windowsRowValues();
        headed = new CsvWriter(Writer.nullWriter(), WindowsCsvColumns::kind);
        headed.writeHeader(WindowsCsvColumns.ALL);
        long issued = 1_234_567_890_123L;
        long[] times = new long[TOKENS];
        long t = issued + 43_211_789L;
        for (int k = 0; k < TOKENS; k++) {
            times[k] = t;
            t += 15_000_000L + k * 13_579L;
        }
        RequestRecord record = new RequestRecord(48_213, issued, issued + 21_347L, times[TOKENS - 1] + 987_654L,
                RequestStatus.OK, null, new CompletionResult(null, times, 128, TOKENS, "length"));
        requestRow = new RequestLogRow(record, 2, 1, true, false, false);
    }

    @Benchmark
    public CsvWriter windowsRow() throws IOException {
        headed.writeRow(windowsValues);
        return headed;
    }

    @Benchmark
    public String windowsRowAsCredited() throws IOException {
        StringWriter out = new StringWriter();
        CsvWriter csv = new CsvWriter(out, WindowsCsvColumns::kind);
        csv.writeHeader(WindowsCsvColumns.ALL);
        out.getBuffer().setLength(0);
        csv.writeRow(windowsValues);
        return out.toString();
    }

    @Benchmark
    public String requestLogRow() {
        return RequestColumns.TABLE.csvLine(requestRow);
    }

    /** A server window's row in {@link WindowsCsvColumns#ALL} order; a column not set here is null (empty). */
    static List<Object> windowsRowValues() {
        Map<String, Object> r = new HashMap<>();
        r.put("experiment_id", "llama-8b-sweep-c1-L02-W01");
        r.put("study_name", "llama-8b-sweep");
        r.put("session_id", "s-20261130T013512Z-4f2a");
        r.put("config_hash", "9c1e4f0a7b2d3e61");
        r.put("cycle", 1);
        r.put("level_index", 2);
        r.put("window_index", 1);
        r.put("engine", "vllm");
        r.put("model", "meta-llama/Llama-3.1-8B-Instruct");
        r.put("runner", "docker");
        r.put("rate_req_s", 16.0);
        r.put("arrival", "poisson");
        r.put("burstiness_cv", 1.0);
        r.put("seed", 42L);
        r.put("concurrency_cap", 256);
        r.put("window_start_utc", "2026-11-30T01:36:12.123456789Z");
        r.put("duration_s", 240.0);
        r.put("energy_j", 71_234.56789012345);
        r.put("energy_kind", "measured");
        r.put("energy_method", "counter");
        r.put("energy_source", "nvml");
        r.put("cross_check_rel_diff", 0.0123456789);
        r.put("mean_power_w", 296.81069954218);
        r.put("baseline_power_w", 61.25);
        r.put("energy_adjusted_j", 56_534.56789012345);
        r.put("output_tokens", 245_760L);
        r.put("j_per_token", 0.28985580651);
        r.put("mj_per_token", 289.85580651);
        r.put("mj_per_token_adjusted", 230.04134723);
        r.put("intra_window_cov", 0.0173);
        r.put("level_valid", false);
        r.put("level_cov", 0.0612345);
        r.put("invalid_reason", "cv 0.061 > 0.05: windows disagree, \"unstable\"");
        r.put("issued", 3_840L);
        r.put("completed", 3_838L);
        r.put("errors", 2L);
        r.put("timeouts", 0L);
        r.put("completion_rate", 0.99947916666);
        r.put("request_throughput_req_s", 15.991666666);
        r.put("output_tokens_per_s", 1024.0);
        String[] metrics = {"ttft", "tpot", "itl", "e2e"};
        String[] ps = {"p50", "p90", "p99"};
        for (int m = 0; m < metrics.length; m++) {
            for (int p = 0; p < ps.length; p++) {
                r.put(metrics[m] + "_" + ps[p] + "_ms", 12.345678 * (m + 1) * (p + 1) + 0.000123);
            }
        }
        r.put("dispatch_lag_p50_ms", 0.0307);
        r.put("dispatch_lag_p99_ms", 3.3997);
        r.put("dispatch_lag_max_ms", 8.5513);
        r.put("cap_bound_fraction", 0.0);
        r.put("slo_attainment", 0.9734);
        r.put("slo_pass", true);
        r.put("goodput_tokens_s", 996.6934);
        r.put("warmup_mode", "stable");
        r.put("warmup_converged", true);
        r.put("warmup_timed_out", false);
        r.put("tool_version", "0.9.0");
        List<Object> out = new ArrayList<>(WindowsCsvColumns.ALL.size());
        for (String column : WindowsCsvColumns.ALL) {
            out.add(r.get(column));
        }
        return out;
    }
}
