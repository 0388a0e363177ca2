package io.joulebench.core.executor;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Where a study's session groups run: {@code local} (one after another in this process, the default) or
 * {@code slurm} (each group a batch job on the cluster's nodes). The id is what {@code --executor} takes.
 */
public enum ExecutorKind {
    LOCAL("local", "this machine"),
    SLURM("slurm", "a Slurm cluster");

    private final String id;
    private final String displayName;

    ExecutorKind(String id, String displayName) {
        this.id = id;
        this.displayName = displayName;
    }

    public String id() {
        return id;
    }

    public String displayName() {
        return displayName;
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(ExecutorKind::id).toList();
    }

    public static Optional<ExecutorKind> of(String id) {
        return Arrays.stream(values()).filter(k -> k.id.equals(id)).findFirst();
    }
}
