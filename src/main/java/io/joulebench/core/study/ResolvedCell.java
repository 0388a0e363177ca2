package io.joulebench.core.study;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One cell in dispatch order: the fully resolved config (canonical JSON tree), its config hash, its cycle (the
 * hash's occurrence count in dispatch order, 1-based) and the grid cell it repeats.
 */
public record ResolvedCell(int index, int gridIndex, String label, ObjectNode config, String configHash, int cycle,
                           ExperimentConfig experiment) {

    /**
     * The cell as one run executes it: {@code experiment} replaced (e.g. a drawn arrival seed filled in), while
     * {@code config} and {@code configHash} stay as declared, so identity, crediting and resume are unchanged.
     */
    public ResolvedCell withExperiment(ExperimentConfig runAs) {
        return new ResolvedCell(index, gridIndex, label, config, configHash, cycle, runAs);
    }

    public boolean isServer() {
        return experiment.isServer();
    }

    /**
     * Whether the cell's rate counts conversations started per second ({@code task.sessions}, issue 32) rather than
     * requests per second; the requests per second that resulted are measured, not configured.
     */
    public boolean ratesSessions() {
        return isServer() && experiment.task().sessions() != null;
    }

    /** The traffic rate in requests/s (sessions/s where {@link #ratesSessions()}); null for offline cells and trace replays. */
    public Double rate() {
        return isServer() ? experiment.server().traffic().rate() : null;
    }
}
