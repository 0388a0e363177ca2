package io.joulebench.core.results;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.session.RunnerProvenance;
import io.joulebench.core.session.SessionBlock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The fields of upstream's {@code ExperimentResult} (llenergymeasure 0.7, bundle 2.0) that Joulebench's own result.json
 * did not have, under upstream's names and meanings. Where Joulebench has no honest value the field is null, and
 * docs/results.md says why; nothing here is invented to fill a slot.
 */
final class UpstreamResultFields {

    private UpstreamResultFields() {
    }

    static void add(ObjectNode n, WindowFacts f, SessionBlock session) {
        BracketResult b = f.bracket();
        n.putNull("llenergymeasure_version"); // not written by llenergymeasure: tool_version is Joulebench's
        n.put("upstream_schema", WindowResultJson.UPSTREAM_SCHEMA);
        if (b == null || b.deviceEnergyJ().isEmpty()) {
            n.putNull("energy_per_device_j");
        } else {
            ArrayNode devices = n.putArray("energy_per_device_j");
            b.deviceEnergyJ().forEach(j -> {
                if (j == null || !Double.isFinite(j)) {
                    devices.addNull();
                } else {
                    devices.add(j);
                }
            });
        }
        n.set("energy_breakdown", energyBreakdown(f));
        n.put("total_flops", 0.0); // upstream's server mode writes 0: FLOPs are not estimated for a served window
        n.putNull("flops_per_output_token");
        n.putNull("flops_per_input_token");
        n.putNull("flops_per_second");
        n.putNull("multi_gpu");
        n.putNull("warmup_excluded_samples");
        n.putNull("model_load_time_sec");
        n.putNull("engine_build_cache_hit");
        n.put("reproducibility_notes", reproducibilityNotes(f));
        runner(n, f.experiment().runner(), session);
        n.set("throttle", throttle(b));
        n.putNull("warmup_result");
        n.putNull("latency_stats");
        n.putNull("extended_metrics");
        n.putNull("aggregation");
    }

    /** Upstream's {@code energy_breakdown}: the raw and adjusted energy and how the baseline was had. */
    private static ObjectNode energyBreakdown(WindowFacts f) {
        ObjectNode e = ResultsJson.object();
        ResultsJson.put(e, "raw_j", f.window().energyJ());
        ResultsJson.put(e, "adjusted_j", f.energyAdjustedJ());
        ResultsJson.put(e, "baseline_power_w", f.baselinePowerW());
        // measured once per session before its first window (IdleBaseline), never taken from a cache of another run
        e.put("baseline_method", f.baselinePowerW() == null ? "unavailable" : "fresh");
        e.putNull("baseline_timestamp");
        e.putNull("baseline_cache_age_sec");
        return e;
    }

    private static String reproducibilityNotes(WindowFacts f) {
        String kind = f.energyKind();
        String source = f.energySource();
        String method = f.energyMethod();
        StringBuilder s = new StringBuilder("Energy ").append(kind == null ? "not measured" : kind);
        if (source != null) {
            s.append(", source ").append(source);
        }
        if (method != null) {
            s.append(", method ").append(method);
        }
        s.append(" over the window's token span; J/token counts client-streamed deltas. ");
        if ("simulated".equals(kind)) {
            s.append("Simulated energy is the reference engine's power model, not a measurement. ");
        } else if ("estimated".equals(kind)) {
            s.append("Estimated energy follows the assumptions in energy_settings, not a meter. ");
        }
        s.append("Results vary with thermal state and system load; see measurement_warnings.");
        return s.toString();
    }

    /**
     * Upstream's {@code RunnerProvenance}: {@code mode}, {@code image}, {@code source}, {@code image_source},
     * {@code image_digest}. {@code source} and {@code image_source} (upstream's precedence layers) have no
     * counterpart here and are null. An attached server adds {@code url} (without credentials) and {@code launch}.
     *
     * @param runner the session's provenance; null before the server ran (or offline): then only the mode is known
     */
    static ObjectNode runner(String studyRunner, RunnerProvenance runner) {
        ObjectNode r = ResultsJson.object();
        r.put("mode", runner != null ? runner.mode() : studyRunner);
        r.put("image", runner == null ? null : runner.image());
        r.putNull("source");
        r.putNull("image_source");
        r.put("image_digest", runner == null ? null : runner.imageDigest());
        // Joulebench extension (issue 33): where an attached server was, and that it was not launched
        if (runner != null && runner.url() != null) {
            r.put("url", runner.url());
            r.put("launch", runner.launch());
        }
        return r;
    }

    /** Puts result.json's {@code runner_provenance} from the session block (written again at session close). */
    static void runner(ObjectNode result, String studyRunner, SessionBlock session) {
        result.set("runner_provenance", runner(studyRunner, session == null ? null : session.runner()));
    }

    /**
     * Upstream's {@code throttle} (bundle 2.0 {@code ThrottleInfo}) from the bracket's samples: null when no sample
     * says whether its device was throttled (the meter cannot tell). {@code thermal} and {@code power} are upstream's
     * {@code ThrottleAxis} objects ({@code any}, {@code hw}, {@code sw}): all false when no sample was throttled;
     * null flags when one was, since the meters report one throttled flag, not its cause (upstream's booleans cannot
     * say "unknown", so its loader rejects such a window; see docs/results.md).
     */
    static ObjectNode throttle(BracketResult b) {
        if (b == null || b.samples().stream().allMatch(s -> s.throttled() == null)) {
            return null;
        }
        List<PowerSample> samples = b.samples();
        ObjectNode t = ResultsJson.object();
        boolean detected = samples.stream().anyMatch(s -> Boolean.TRUE.equals(s.throttled()));
        t.put("detected", detected);
        for (String axis : List.of("thermal", "power")) {
            ObjectNode a = t.putObject(axis);
            for (String flag : List.of("any", "hw", "sw")) {
                if (detected) {
                    a.putNull(flag);
                } else {
                    a.put(flag, false);
                }
            }
        }
        Map<Integer, PowerSample> previous = new HashMap<>();
        Map<Integer, Long> throttledNanos = new HashMap<>();
        TreeSet<Double> stamps = new TreeSet<>();
        Double maxTemp = null;
        for (PowerSample s : samples) {
            PowerSample p = previous.put(s.device(), s);
            if (p != null && Boolean.TRUE.equals(p.throttled())) {
                throttledNanos.merge(s.device(), s.tNanos() - p.tNanos(), Long::sum);
            }
            if (Boolean.TRUE.equals(s.throttled())) {
                stamps.add((s.tNanos() - b.startNanos()) / 1e9);
            }
            if (s.temperatureC() != null && (maxTemp == null || s.temperatureC() > maxTemp)) {
                maxTemp = s.temperatureC();
            }
        }
        // the longest any one device was throttled, between samples (a sample throttled until the next one)
        t.put("throttle_duration_sec", throttledNanos.values().stream().mapToLong(Long::longValue).max().orElse(0)
                / 1e9);
        ResultsJson.put(t, "max_temperature_c", maxTemp);
        ArrayNode ts = t.putArray("throttle_timestamps");
        stamps.forEach(ts::add);
        return t;
    }
}
