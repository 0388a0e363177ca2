package io.joulebench.core.study;

/** {@code task.dataset}: {@code source} is "builtin" or a .jsonl/.csv/.parquet path relative to the study file. */
public record DatasetConfig(String source, int nPrompts, PromptOrder order) {

    public boolean isBuiltin() {
        return "builtin".equals(source);
    }
}
