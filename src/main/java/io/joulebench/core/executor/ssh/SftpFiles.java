package io.joulebench.core.executor.ssh;

import com.jcraft.jsch.ChannelSftp;
import com.jcraft.jsch.SftpATTRS;
import com.jcraft.jsch.SftpException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@link RemoteFiles} over one SFTP channel of an {@link SshConnection} (calls are serialised: one channel). */
final class SftpFiles implements RemoteFiles {

    private final ChannelSftp sftp;

    SftpFiles(ChannelSftp sftp) {
        this.sftp = sftp;
    }

    @Override
    public synchronized Optional<Entry> stat(String path) throws IOException {
        try {
            return Optional.of(entry(path.substring(path.lastIndexOf('/') + 1), sftp.stat(path)));
        } catch (SftpException e) {
            if (e.id == ChannelSftp.SSH_FX_NO_SUCH_FILE) {
                return Optional.empty();
            }
            throw failed("stat " + path, e);
        }
    }

    @Override
    public synchronized List<Entry> list(String dir) throws IOException {
        List<Entry> out = new ArrayList<>();
        try {
            for (ChannelSftp.LsEntry e : sftp.ls(dir)) {
                if (!e.getFilename().equals(".") && !e.getFilename().equals("..")) {
                    out.add(entry(e.getFilename(), e.getAttrs()));
                }
            }
        } catch (SftpException e) {
            throw failed("listing " + dir, e);
        }
        return out;
    }

    @Override
    public synchronized void mkdirs(String dir) throws IOException {
        StringBuilder path = new StringBuilder();
        for (String part : dir.split("/")) {
            if (part.isEmpty()) {
                continue;
            }
            path.append('/').append(part);
            try {
                if (!sftp.stat(path.toString()).isDir()) {
                    throw new IOException(path + " on the cluster is a file, not a folder");
                }
            } catch (SftpException missing) {
                try {
                    sftp.mkdir(path.toString());
                } catch (SftpException e) {
                    throw failed("creating " + path, e);
                }
            }
        }
    }

    @Override
    public synchronized void upload(Path from, String to) throws IOException {
        try {
            sftp.put(from.toString(), to, ChannelSftp.OVERWRITE);
        } catch (SftpException e) {
            throw failed("copying " + from + " to " + to, e);
        }
    }

    @Override
    public synchronized void download(String from, long offset, Path to) throws IOException {
        StandardOpenOption mode = offset > 0 ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING;
        try (InputStream in = sftp.get(from, null, offset);
             OutputStream out = Files.newOutputStream(to, StandardOpenOption.CREATE, StandardOpenOption.WRITE, mode)) {
            in.transferTo(out);
        } catch (SftpException e) {
            throw failed("copying " + from + " back", e);
        }
    }

    private static Entry entry(String name, SftpATTRS a) {
        return new Entry(name, a.isDir(), a.getSize(), a.getMTime() & 0xFFFFFFFFL);
    }

    private static IOException failed(String what, SftpException e) {
        return new IOException(what + " over SFTP failed: " + e.getMessage(), e);
    }
}
