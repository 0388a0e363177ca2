package io.joulebench.core.study;

import io.joulebench.core.warmup.WarmupMode;

/**
 * {@code server.warmup} as the study states it, run before every level. The warmup package turns it into its
 * runtime {@link io.joulebench.core.warmup.WarmupConfig} (cadences added); both share the one {@link WarmupMode}.
 */
public record WarmupSettings(WarmupMode mode, double timeoutSeconds, double durationSeconds) {
}
