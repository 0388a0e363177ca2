package io.joulebench.core.energy;

import io.joulebench.core.WireName;

/**
 * {@code measurement.headline_domain}: which figure a window's headline {@code energy_j} (and so J/token, the
 * stability gate and every summary) is: the GPUs' (the default), the host's, or the node's (GPU + host).
 */
public enum HeadlineDomain implements WireName {
    GPU,
    HOST,
    NODE
}
