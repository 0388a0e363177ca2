package io.joulebench.core.executor.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@link RemoteFiles} over this machine's files (a remote path is a local absolute path), with second-granular
 * times as SFTP has them, counting what it is asked: the "cluster" of the mirror's tests.
 */
public final class LocalDirRemoteFiles implements RemoteFiles {

    public final List<String> listed = new ArrayList<>();
    /** Each download as {@code path@offset}. */
    public final List<String> downloads = new ArrayList<>();

    @Override
    public Optional<Entry> stat(String path) throws IOException {
        Path p = Path.of(path);
        return Files.exists(p) ? Optional.of(entry(p)) : Optional.empty();
    }

    @Override
    public List<Entry> list(String dir) throws IOException {
        listed.add(dir);
        List<Entry> out = new ArrayList<>();
        try (var children = Files.list(Path.of(dir))) {
            for (Path p : children.sorted().toList()) {
                out.add(entry(p));
            }
        }
        return out;
    }

    @Override
    public void mkdirs(String dir) throws IOException {
        Files.createDirectories(Path.of(dir));
    }

    @Override
    public void upload(Path from, String to) throws IOException {
        Files.copy(from, Path.of(to), StandardCopyOption.REPLACE_EXISTING);
    }

    @Override
    public void download(String from, long offset, Path to) throws IOException {
        downloads.add(Path.of(from).getFileName() + "@" + offset);
        try (InputStream in = Files.newInputStream(Path.of(from));
             OutputStream out = Files.newOutputStream(to, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                     offset > 0 ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING)) {
            in.skipNBytes(offset);
            in.transferTo(out);
        }
    }

    private static Entry entry(Path p) throws IOException {
        boolean dir = Files.isDirectory(p);
        return new Entry(p.getFileName().toString(), dir, dir ? 0 : Files.size(p),
                Files.getLastModifiedTime(p).to(TimeUnit.SECONDS));
    }
}
