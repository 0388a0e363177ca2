package io.joulebench.core.executor.slurm;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Where the cluster sees the coordinator's files, and how they get there and back. {@link #shared()}: the results
 * folder is itself on the nodes' shared file system (the coordinator runs on a login node), so nothing is copied. The
 * SSH implementation ({@code core.executor.ssh.MirroredJobFiles}) keeps a mirror of the run's folder on the cluster:
 * it pushes what a job reads before it is submitted and pulls the job's results back as they are written.
 */
public interface JobFiles {

    /** The path the cluster's nodes see for the local {@code path} (a file or folder of the results folder). */
    String remote(Path path);

    /** Copies the local file {@code path} to {@link #remote}, before a job that reads it is submitted. */
    void push(Path path) throws IOException;

    /**
     * Brings the local {@code path} (a folder, or a single file) up to date with its remote copy. {@code complete}:
     * the job has ended and nothing writes there any more, so every changed file is copied; otherwise only what
     * has changed and can be read safely (new bundles, grown progress lines).
     */
    void pull(Path path, boolean complete) throws IOException;

    /** Records in the run's {@code cluster/} folder how {@code resume} reaches these files again. */
    void recordIn(Path clusterDir) throws IOException;

    /** The results folder is on the shared file system: the nodes see its paths, nothing is copied. */
    static JobFiles shared() {
        return SharedJobFiles.INSTANCE;
    }
}
