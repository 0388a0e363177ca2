package io.joulebench.core.executor.ssh;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The few file operations a mirror needs on the cluster, by absolute remote path: {@link SftpFiles} over an SSH
 * connection; a local folder in tests.
 */
public interface RemoteFiles {

    /** A file or folder: its name, and for a file its size and modification time (whole seconds, as SFTP has it). */
    record Entry(String name, boolean directory, long size, long mtimeSeconds) {
    }

    /** The entry at {@code path}; empty when there is none. */
    Optional<Entry> stat(String path) throws IOException;

    /** The entries of the folder {@code dir} (without {@code .} and {@code ..}). */
    List<Entry> list(String dir) throws IOException;

    /** Creates {@code dir} and its missing parents. */
    void mkdirs(String dir) throws IOException;

    /** Writes the local file {@code from} to {@code to}, replacing it. */
    void upload(Path from, String to) throws IOException;

    /** Copies {@code from} from byte {@code offset} on into {@code to}: appended when offset &gt; 0, else replaced. */
    void download(String from, long offset, Path to) throws IOException;
}
