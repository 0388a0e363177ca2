package io.joulebench.core.study;

/** {@code offline}: one batch of {@code nPrompts} prompts sent with {@code concurrency} in flight. */
public record OfflineConfig(int concurrency, int nPrompts) {
}
