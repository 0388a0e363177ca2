package io.joulebench.core.study;

/** {@code server.warmup}, run before every level. */
public record WarmupConfig(WarmupMode mode, double timeoutSeconds, double durationSeconds) {
}
