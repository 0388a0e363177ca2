package io.joulebench.core.results;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.NvmlEnergyMeter;
import io.joulebench.core.energy.WindowTelemetry;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * result.json's {@code provenance}: where a window's energy figure came from. The window's own observations (the
 * counter's measured tick spacing, per device the SM clock range, peak memory and throttle reasons seen, the power
 * field read) come from its bracket; the session's facts (NVML fields, driver, architecture, power limit, maximum
 * SM clock, the DCGM collection interval) from the meter's settings, their one owner, and are then left out of
 * {@code energy_settings} so no value is written twice. The cross-check stays where it was
 * ({@code integrated_energy_j}, {@code cross_check_rel_diff}).
 */
final class ProvenanceJson {

    /** The meter settings this block presents; {@code energy_settings} carries the rest. */
    static final Set<String> FROM_SETTINGS = Set.of("energy_field", "power_fields", "driver_version",
            "architectures", "power_limits_w", "sm_clock_max_mhz", "throttle_reasons_field", "exporter_interval_ms");

    private ProvenanceJson() {
    }

    /** The meter settings without the keys {@link #of} presents. */
    static Map<String, Object> remainingSettings(Map<String, Object> settings) {
        Map<String, Object> rest = new LinkedHashMap<>(settings);
        rest.keySet().removeAll(FROM_SETTINGS);
        return rest;
    }

    static ObjectNode of(BracketResult b, Map<String, Object> settings) {
        ObjectNode n = ResultsJson.object();
        WindowTelemetry t = b == null ? WindowTelemetry.NONE : b.provenance().telemetry();
        n.put("energy_field", text(settings.get("energy_field")));
        ResultsJson.put(n, "counter_update_period_measured_ms", t.tickPeriodMs());
        n.put("counter_tick_spacings", t.tickSpacings());
        ResultsJson.put(n, "counter_tick_resolution_ms", t.tickResolutionMs());
        n.put("dcgm_collection_interval_ms", number(settings.get("exporter_interval_ms")));
        n.put("driver_version", text(settings.get("driver_version")));
        n.put("throttle_reasons_field", text(settings.get("throttle_reasons_field")));
        List<?> indices = settings.get("gpu_indices") instanceof List<?> l ? l : List.of();
        ArrayNode devices = n.putArray("devices");
        for (WindowTelemetry.Device d : t.devices()) {
            int at = indices.indexOf(d.index());
            ObjectNode g = devices.addObject();
            g.put("index", d.index());
            g.put("architecture", text(element(settings, "architectures", at)));
            ResultsJson.put(g, "power_limit_w", element(settings, "power_limits_w", at) instanceof Number w
                    ? w.doubleValue() : null);
            g.put("sm_clock_max_mhz", number(element(settings, "sm_clock_max_mhz", at)));
            g.put("sm_clock_min_seen_mhz", d.smClockMinMhz());
            g.put("sm_clock_max_seen_mhz", d.smClockMaxMhz());
            ResultsJson.put(g, "memory_used_max_mib", d.memoryUsedMaxMib());
            if (d.throttleReasons() == null) {
                g.putNull("throttle_reasons_seen");
            } else {
                d.throttleReasons().forEach(g.putArray("throttle_reasons_seen")::add);
            }
            g.put("power_field", d.powerInstant() == null ? text(element(settings, "power_fields", at))
                    : d.powerInstant() ? NvmlEnergyMeter.INSTANT_FIELD : NvmlEnergyMeter.AVERAGED_FIELD);
        }
        return n;
    }

    private static String text(Object o) {
        return o == null ? null : o.toString();
    }

    private static Long number(Object o) {
        return o instanceof Number x ? x.longValue() : null;
    }

    private static Object element(Map<String, Object> settings, String key, int at) {
        return at >= 0 && settings.get(key) instanceof List<?> l && at < l.size() ? l.get(at) : null;
    }
}
