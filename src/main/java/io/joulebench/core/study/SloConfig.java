package io.joulebench.core.study;

/** {@code server.traffic.slo}: a post-hoc overlay (not part of the config hash). Null thresholds are not judged. */
public record SloConfig(Double ttftMs, Double tpotMs, double percentile) {
}
