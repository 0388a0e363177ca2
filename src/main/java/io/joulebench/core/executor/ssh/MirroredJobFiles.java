package io.joulebench.core.executor.ssh;

import io.joulebench.core.executor.slurm.JobFiles;
import io.joulebench.core.results.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@link JobFiles} for a cluster reached over SSH: the local folder {@code localBase} (where results folders are
 * created, {@code --out}) is mirrored at the site's remote folder, so the run {@code localBase/<name>} is
 * {@code remoteDir/<name>} on the cluster. Pushes are plain copies. Pulls are incremental: a file is copied when it
 * is new or its size or modification time changed; the progress file, which only grows, gets its new tail; a bundle
 * folder is complete once it appears (bundles are written under a temp name and renamed, docs/decisions/0004), so a
 * folder copied once is not listed again until the job has ended; temp entries are never copied.
 */
public final class MirroredJobFiles implements JobFiles {

    /** The one file of a job's folder that only grows ({@code core.run.EventLog}'s). */
    static final String GROWING = "events.jsonl";

    private final Path localBase;
    private final SshSite site;
    private final RemoteFiles remote;
    /** Folders copied by an earlier pull, with their modification time then. */
    private final Map<String, Long> copiedDirs = new HashMap<>();

    public MirroredJobFiles(Path localBase, SshSite site, RemoteFiles remote) {
        this.localBase = localBase.toAbsolutePath().normalize();
        this.site = site;
        this.remote = remote;
    }

    @Override
    public String remote(Path path) {
        Path rel = localBase.relativize(path.toAbsolutePath().normalize());
        if (rel.startsWith("..") || rel.isAbsolute()) {
            throw new IllegalArgumentException(path + " is not inside " + localBase + ", the folder mirrored at "
                    + site.remoteDir());
        }
        StringBuilder s = new StringBuilder(site.remoteDir());
        for (Path name : rel) {
            if (!name.toString().isEmpty()) {
                s.append('/').append(name);
            }
        }
        return s.toString();
    }

    @Override
    public void push(Path path) throws IOException {
        String to = remote(path);
        remote.mkdirs(to.substring(0, to.lastIndexOf('/')));
        remote.upload(path, to);
    }

    @Override
    public void pull(Path path, boolean complete) throws IOException {
        String from = remote(path);
        Optional<RemoteFiles.Entry> e = remote.stat(from);
        if (e.isEmpty()) {
            return;
        }
        if (e.get().directory()) {
            pullDir(from, path, complete, true);
        } else {
            pullFile(from, e.get(), path, complete, true);
        }
    }

    @Override
    public void recordIn(Path clusterDir) throws IOException {
        site.write(clusterDir);
    }

    /** {@code top}: the job's own folder, whose files it rewrites; below it, bundles and logs. */
    private void pullDir(String from, Path to, boolean complete, boolean top) throws IOException {
        Files.createDirectories(to);
        for (RemoteFiles.Entry e : remote.list(from)) {
            if (e.name().startsWith(AtomicFiles.TEMP_PREFIX)) {
                continue; // still being written; it appears under its own name when done
            }
            String child = from + "/" + e.name();
            Path local = to.resolve(e.name());
            if (!e.directory()) {
                pullFile(child, e, local, complete, top);
            } else if (complete || !Long.valueOf(e.mtimeSeconds()).equals(copiedDirs.get(child))) {
                pullDir(child, local, complete, false);
                copiedDirs.put(child, e.mtimeSeconds());
            }
        }
    }

    /**
     * Copies one file when it changed. {@code complete} and {@code rewritten}: a file the job rewrites (manifest,
     * windows.csv) is copied even when its size and second-granular time look unchanged: it may have changed within
     * the second.
     */
    private void pullFile(String from, RemoteFiles.Entry e, Path to, boolean complete, boolean rewritten)
            throws IOException {
        boolean exists = Files.isRegularFile(to);
        long size = exists ? Files.size(to) : -1;
        boolean same = exists && size == e.size()
                && Files.getLastModifiedTime(to).to(TimeUnit.SECONDS) == e.mtimeSeconds();
        if (same && !(complete && rewritten)) {
            return;
        }
        Files.createDirectories(to.getParent());
        long offset = exists && e.name().equals(GROWING) && e.size() > size ? size : 0;
        remote.download(from, offset, to);
        Files.setLastModifiedTime(to, FileTime.from(e.mtimeSeconds(), TimeUnit.SECONDS));
    }
}
