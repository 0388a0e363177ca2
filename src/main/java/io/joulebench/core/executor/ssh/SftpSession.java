package io.joulebench.core.executor.ssh;

import com.jcraft.jsch.ChannelSftp;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.Session;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@link RemoteFiles} over one SFTP channel of a connection: opened on first use, and opened anew after a failure (a
 * call cut short leaves a channel's requests and replies out of step). Calls run on the connection's {@link IoThread}.
 */
final class SftpSession implements RemoteFiles, AutoCloseable {

    private final Session session;
    private final SshTarget target;
    private final IoThread io;
    private ChannelSftp channel;
    private SftpFiles files;

    SftpSession(Session session, SshTarget target, IoThread io) {
        this.session = session;
        this.target = target;
        this.io = io;
    }

    @FunctionalInterface
    private interface SftpCall<T> {
        T run(SftpFiles f) throws IOException;
    }

    private <T> T call(SftpCall<T> call) throws IOException {
        return io.call(() -> {
            try {
                return call.run(files());
            } catch (IOException | RuntimeException e) {
                close();
                throw e;
            }
        });
    }

    private synchronized SftpFiles files() throws IOException {
        if (files == null) {
            try {
                channel = (ChannelSftp) session.openChannel("sftp");
                channel.connect(SshConnection.CONNECT_TIMEOUT_MS);
            } catch (JSchException e) {
                throw new IOException("opening SFTP to " + target + " failed: " + e.getMessage(), e);
            }
            files = new SftpFiles(channel);
        }
        return files;
    }

    @Override
    public Optional<Entry> stat(String path) throws IOException {
        return call(f -> f.stat(path));
    }

    @Override
    public List<Entry> list(String dir) throws IOException {
        return call(f -> f.list(dir));
    }

    @Override
    public void mkdirs(String dir) throws IOException {
        call(f -> {
            f.mkdirs(dir);
            return null;
        });
    }

    @Override
    public void upload(Path from, String to) throws IOException {
        call(f -> {
            f.upload(from, to);
            return null;
        });
    }

    @Override
    public void download(String from, long offset, Path to) throws IOException {
        call(f -> {
            f.download(from, offset, to);
            return null;
        });
    }

    /** Ends the channel; the next call opens a new one. */
    @Override
    public synchronized void close() {
        if (channel != null) {
            channel.disconnect();
        }
        channel = null;
        files = null;
    }
}
