package io.joulebench.core.executor;

import io.joulebench.core.WireName;

import java.util.List;
import java.util.Optional;

/**
 * Where a study's session groups run: {@code local} (one after another in this process, the default) or
 * {@code slurm} (each group a batch job on the cluster's nodes). The id is what {@code --executor} takes.
 */
public enum ExecutorKind implements WireName {
    LOCAL("this machine"),
    SLURM("a Slurm cluster");

    private final String displayName;

    ExecutorKind(String displayName) {
        this.displayName = displayName;
    }

    /** The spelling {@code --executor} takes. */
    public String id() {
        return wire();
    }

    public String displayName() {
        return displayName;
    }

    public static List<String> ids() {
        return WireName.wires(ExecutorKind.class);
    }

    public static Optional<ExecutorKind> of(String id) {
        return WireName.parse(ExecutorKind.class, id);
    }
}
