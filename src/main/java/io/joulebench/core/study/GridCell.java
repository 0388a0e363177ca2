package io.joulebench.core.study;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One distinct point of the study grid, before cycles and ordering: the resolved experiment as a canonical-ready
 * JSON tree, its config hash, the typed view, and a label saying where it came from ("rate=2", "experiments[1]").
 */
public record GridCell(int index, String label, ObjectNode config, String configHash, ExperimentConfig experiment) {
}
