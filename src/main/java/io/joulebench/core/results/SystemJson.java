package io.joulebench.core.results;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.joulebench.core.HostName;
import io.joulebench.core.energy.DeviceInfo;
import io.joulebench.core.session.EnergyContext;
import io.joulebench.core.session.SessionBlock;

/**
 * A window's {@code system.json} (upstream's per-bundle environment sidecar): the hardware that was metered, the
 * runtime that measured it, how the server ran (runner provenance with the image digest) and the session block,
 * which is written again when the session closes. What Joulebench cannot see (CUDA and driver versions, power
 * limits: the server may run in a container or on another host) is null, never guessed.
 */
final class SystemJson {

    private SystemJson() {
    }

    static ObjectNode of(WindowFacts f, SessionBlock session) {
        ObjectNode n = ResultsJson.object();
        n.put("bundle_version", WindowResultJson.BUNDLE_VERSION);
        n.put("joulebench_bundle_version", WindowResultJson.JOULEBENCH_BUNDLE_VERSION);
        n.put("experiment_id", f.windowId());
        n.put("declared_config_hash", f.level().cell().configHash());
        n.set("hardware", hardware(f));
        n.set("runtime", runtime(f, session));
        n.put("tool_version", f.toolVersion());
        n.putNull("llenergymeasure_version");
        n.set("runner", UpstreamResultFields.runner(f.experiment().runner(), session == null ? null
                : session.runner()));
        n.set("session", WindowResultJson.session(session));
        return n;
    }

    private static ObjectNode hardware(WindowFacts f) {
        ObjectNode h = ResultsJson.object();
        h.put("host_name", HostName.get());
        ArrayNode gpus = h.putArray("devices");
        EnergyContext energy = f.level().energy();
        if (energy != null) {
            for (DeviceInfo d : energy.devices()) {
                ObjectNode g = gpus.addObject();
                g.put("index", d.index());
                g.put("name", d.name());
                g.put("uuid", d.uuid());
            }
        }
        h.put("energy_source", f.energySource());
        ObjectNode cpu = h.putObject("cpu");
        cpu.put("logical_cores", Runtime.getRuntime().availableProcessors());
        cpu.put("arch", System.getProperty("os.arch"));
        h.putNull("cuda_version");
        h.putNull("driver_version");
        h.putNull("power_limit_w");
        return h;
    }

    private static ObjectNode runtime(WindowFacts f, SessionBlock session) {
        ObjectNode r = ResultsJson.object();
        r.put("os_name", System.getProperty("os.name"));
        r.put("os_version", System.getProperty("os.version"));
        r.put("java_version", System.getProperty("java.version"));
        r.put("java_vendor", System.getProperty("java.vendor"));
        r.put("tool", "joulebench");
        r.put("tool_version", f.toolVersion());
        r.put("engine", f.experiment().engine());
        r.put("engine_version", session == null ? null : session.engineVersion());
        return r;
    }
}
