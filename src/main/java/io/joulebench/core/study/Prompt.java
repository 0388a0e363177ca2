package io.joulebench.core.study;

/** One prompt and its category ("" when the file gives none); categories drive interleaved and grouped order. */
public record Prompt(String text, String category) {
}
