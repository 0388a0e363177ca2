package io.joulebench.core.compare;

import java.util.List;
import java.util.Map;

/**
 * One configuration compared: the cells of one results folder that share every setting but the rate (and the SLO,
 * which is not part of the config hash), over all their cycles.
 *
 * @param index    position in the comparison, from 0 (the order the folders were given, then dispatch order)
 * @param label    what sets it apart from the other configurations ({@code max_num_seqs=8}), never a hash
 * @param settings the flattened resolved config without the rate (key path → value text)
 */
public record Configuration(int index, String label, ResultsRun run, String engine, String model,
                            Map<String, String> settings) {

    public Configuration {
        settings = Map.copyOf(settings);
    }

    /** Setting paths left out of a configuration's identity: the rate is the x axis, the SLO is not a setting. */
    public static final List<String> EXCLUDED = List.of("server.traffic.rate", "server.traffic.slo");

    @Override
    public String toString() {
        return label;
    }
}
