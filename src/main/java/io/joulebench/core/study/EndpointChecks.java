package io.joulebench.core.study;

import io.joulebench.core.energy.EnergySource;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Checks of an endpoint study against where it runs (issue 33): the API-key variables this environment lacks, so a
 * local run stops before anything is sent (exit 2) instead of failing every session at attach time (only the names
 * are read here; a key's value is read where it is sent, {@code EndpointServerLauncher}); and meters that would
 * measure this machine while the attached server runs on another.
 */
public final class EndpointChecks {

    /** Sources that read the devices of the machine Joulebench runs on. */
    private static final Set<EnergySource> LOCAL_SOURCES = Set.of(EnergySource.AUTO, EnergySource.NVML,
            EnergySource.RAPL);

    private EndpointChecks() {
    }

    /**
     * One warning per remote endpoint whose energy source reads this machine's devices: its figure would be this
     * machine's energy, not the server's. A loopback URL is this machine, and is not warned about.
     */
    public static List<String> meterScopeWarnings(List<GridCell> cells) {
        Set<String> out = new LinkedHashSet<>();
        for (GridCell cell : cells) {
            ExperimentConfig e = cell.experiment();
            String sampler = e.measurement().energySampler();
            if (e.endpoint() == null || isLoopback(e.endpoint().url().getHost())
                    || !EnergySource.fromWire(sampler).map(LOCAL_SOURCES::contains).orElse(false)) {
                continue;
            }
            out.add("runners." + e.engine() + " is endpoint at " + e.endpoint().url().getHost()
                    + ", and measurement.energy_sampler " + sampler + " reads this machine's devices, not that"
                    + " server's: use a source that sees its GPUs (dcgm with its exporter's URL)");
        }
        return List.copyOf(out);
    }

    private static boolean isLoopback(String host) {
        return host == null || host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]")
                || host.equals("::1");
    }

    /** One sentence per unset variable, naming the key that names it; empty when every variable is set. */
    public static List<String> unsetKeyVariables(Study study, Function<String, String> environment) {
        Set<String> out = new LinkedHashSet<>();
        for (GridCell cell : study.cells()) {
            ExperimentConfig e = cell.experiment();
            if (e.endpoint() == null || e.endpoint().apiKeyEnv() == null) {
                continue;
            }
            String name = e.endpoint().apiKeyEnv();
            String value = environment.apply(name);
            if (value == null || value.isBlank()) {
                out.add(e.engine() + "." + EndpointConfig.API_KEY_ENV_KEY + ": names " + name
                        + ", which is not set in this environment; export it (the server's API key) before the run");
            }
        }
        return List.copyOf(out);
    }
}
