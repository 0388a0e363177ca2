package io.joulebench.core.executor.slurm;

import java.nio.file.Path;

/** {@link JobFiles#shared()}: local paths are the cluster's paths. */
enum SharedJobFiles implements JobFiles {
    INSTANCE;

    @Override
    public String remote(Path path) {
        return path.toAbsolutePath().toString();
    }

    @Override
    public void push(Path path) {
    }

    @Override
    public void pull(Path path, boolean complete) {
    }

    @Override
    public void recordIn(Path clusterDir) {
    }
}
