package io.joulebench.core.study;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One cell in dispatch order: the fully resolved config (canonical JSON tree), its config hash, its cycle (the
 * hash's occurrence count in dispatch order, 1-based) and the grid cell it repeats.
 */
public record ResolvedCell(int index, int gridIndex, String label, ObjectNode config, String configHash, int cycle,
                           ExperimentConfig experiment) {

    public boolean isServer() {
        return experiment.isServer();
    }

    /** The traffic rate in requests/s; null for offline cells and trace replays. */
    public Double rate() {
        return isServer() ? experiment.server().traffic().rate() : null;
    }
}
