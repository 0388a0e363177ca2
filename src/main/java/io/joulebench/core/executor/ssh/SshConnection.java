package io.joulebench.core.executor.ssh;

import com.jcraft.jsch.AgentIdentityRepository;
import com.jcraft.jsch.AgentProxyException;
import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.ChannelSftp;
import com.jcraft.jsch.HostKey;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.SSHAgentConnector;
import com.jcraft.jsch.Session;
import io.joulebench.core.executor.slurm.CommandRunner;
import io.joulebench.core.executor.slurm.SlurmExecutor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One SSH connection to a login node (JSch), as the user's own {@code ssh} would make it: the keys
 * {@code ~/.ssh/id_ed25519}, {@code id_ecdsa} and {@code id_rsa} that exist (without a passphrase) and the
 * ssh-agent at {@code SSH_AUTH_SOCK}; the host key must already be in {@code ~/.ssh/known_hosts}. Scheduler commands
 * run over exec channels ({@link #commands()}), files go over one SFTP channel ({@link #files()}). Closing it ends
 * both: nothing of joulebench stays on the login node.
 */
public final class SshConnection implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SshConnection.class);
    static final List<String> KEY_FILES = List.of("id_ed25519", "id_ecdsa", "id_rsa");
    /** As {@link CommandRunner#local()}: a scheduler command gets a minute. */
    static final Duration COMMAND_LIMIT = Duration.ofSeconds(60);
    private static final int CONNECT_TIMEOUT_MS = 15_000;

    /** The connection could not be made; the message says why and what to do. */
    public static final class ConnectFailed extends IOException {
        public ConnectFailed(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final SshTarget target;
    private final Session session;
    private final RemoteFiles files = new Reopening();
    private SftpFiles current;
    private ChannelSftp sftp;

    /** Where every JSch call runs (see {@link #onIoThread}). */
    private final ExecutorService io;

    private SshConnection(SshTarget target, Session session) {
        this.target = target;
        this.session = session;
        this.io = Executors.newSingleThreadExecutor(r -> Thread.ofPlatform().daemon().name("ssh-" + target.host())
                .unstarted(r));
    }

    /** Connects to {@code target} with the keys, agent and known_hosts of the user whose home is {@code home}. */
    public static SshConnection open(SshTarget target, Path home, Map<String, String> env) throws ConnectFailed {
        Path sshDir = home.resolve(".ssh");
        Path knownHosts = sshDir.resolve("known_hosts");
        JSch jsch = new JSch();
        List<String> tried = new ArrayList<>();
        Session session = null;
        try {
            if (Files.isRegularFile(knownHosts)) {
                jsch.setKnownHosts(knownHosts.toString());
            }
            for (String name : KEY_FILES) {
                Path key = sshDir.resolve(name);
                if (Files.isRegularFile(key)) {
                    try {
                        jsch.addIdentity(key.toString());
                        tried.add(key.toString());
                    } catch (JSchException e) {
                        LOG.warn("SSH key {} cannot be used: {}", key, e.getMessage());
                    }
                }
            }
            String sock = env.get("SSH_AUTH_SOCK");
            if (sock != null && !sock.isBlank()) {
                try {
                    AgentIdentityRepository agent = new AgentIdentityRepository(new SSHAgentConnector(Path.of(sock)));
                    jsch.setIdentityRepository(new AgentThenFiles(agent, jsch.getIdentityRepository()));
                    tried.add("the ssh-agent at " + sock);
                } catch (AgentProxyException e) {
                    LOG.warn("the ssh-agent at {} cannot be used: {}", sock, e.getMessage());
                }
            }
            session = jsch.getSession(target.user(), target.host(), target.port());
            session.setConfig("StrictHostKeyChecking", "yes");
            session.setConfig("PreferredAuthentications", "publickey");
            session.setServerAliveInterval(30_000); // a long run's connection is kept open through idle NATs
            session.connect(CONNECT_TIMEOUT_MS);
            LOG.info("connected to {} over SSH", target);
            return new SshConnection(target, session);
        } catch (JSchException e) {
            HostKey shown = session == null ? null : session.getHostKey();
            String fingerprint = shown == null ? null : shown.getType() + " " + shown.getFingerPrint(jsch);
            throw new ConnectFailed(SshFailures.explain(target, knownHosts, tried, e, fingerprint), e);
        }
    }

    public SshTarget target() {
        return target;
    }

    /** Scheduler commands on the login node: each argument shell-quoted, each command given a minute. */
    public CommandRunner commands() {
        return argv -> onIoThread(() -> exec(argv));
    }

    /**
     * The login node's files over SFTP: one channel, opened on first use and opened anew after a failure (an
     * interrupted call leaves a channel's requests and replies out of step).
     */
    public RemoteFiles files() {
        return files;
    }

    private synchronized SftpFiles sftp() throws IOException {
        if (current == null) {
            try {
                sftp = (ChannelSftp) session.openChannel("sftp");
                sftp.connect(CONNECT_TIMEOUT_MS);
            } catch (JSchException e) {
                throw failed("opening SFTP", e);
            }
            current = new SftpFiles(sftp);
        }
        return current;
    }

    private synchronized void dropSftp() {
        if (sftp != null) {
            sftp.disconnect();
        }
        sftp = null;
        current = null;
    }

    @FunctionalInterface
    private interface SftpCall<T> {
        T run(SftpFiles f) throws IOException;
    }

    private <T> T withSftp(SftpCall<T> call) throws IOException {
        return onIoThread(() -> {
            try {
                return call.run(sftp());
            } catch (IOException | RuntimeException e) {
                dropSftp();
                throw e;
            }
        });
    }

    @FunctionalInterface
    private interface IoCall<T> {
        T run() throws IOException;
    }

    /**
     * Runs a JSch call on the connection's own thread and waits for it. JSch swallows interrupts in its waits, so the
     * caller's interrupt (Ctrl-C) must never reach it: an interrupted caller waits the short call out (its channel
     * stays usable) and then gets the {@link InterruptedIOException} of {@link CommandRunner#local()}, interrupt
     * kept. An interrupted caller starts no call.
     */
    private <T> T onIoThread(IoCall<T> call) throws IOException {
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedIOException("interrupted before a call over SSH to " + target);
        }
        Future<T> f;
        try {
            f = io.submit(call::run);
        } catch (RejectedExecutionException e) {
            throw new IOException("the SSH connection to " + target + " is closed");
        }
        boolean interrupted = false;
        while (true) {
            try {
                T result = f.get();
                if (interrupted) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("a call over SSH to " + target + " was interrupted");
                }
                return result;
            } catch (InterruptedException e) {
                interrupted = true; // waited out, then reported above or below
            } catch (ExecutionException e) {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
                if (e.getCause() instanceof IOException x) {
                    throw x;
                }
                if (e.getCause() instanceof RuntimeException x) {
                    throw x;
                }
                throw new IOException(e.getCause());
            }
        }
    }

    /** {@link SftpFiles} through {@link #withSftp}. */
    private final class Reopening implements RemoteFiles {
        @Override
        public java.util.Optional<Entry> stat(String path) throws IOException {
            return withSftp(f -> f.stat(path));
        }

        @Override
        public List<Entry> list(String dir) throws IOException {
            return withSftp(f -> f.list(dir));
        }

        @Override
        public void mkdirs(String dir) throws IOException {
            withSftp(f -> {
                f.mkdirs(dir);
                return null;
            });
        }

        @Override
        public void upload(Path from, String to) throws IOException {
            withSftp(f -> {
                f.upload(from, to);
                return null;
            });
        }

        @Override
        public void download(String from, long offset, Path to) throws IOException {
            withSftp(f -> {
                f.download(from, offset, to);
                return null;
            });
        }
    }

    private IOException failed(String what, JSchException e) {
        return new IOException(what + " over SSH to " + target + " failed: " + e.getMessage(), e);
    }

    private CommandRunner.Result exec(List<String> argv) throws IOException {
        String command = argv.stream().map(SlurmExecutor::shellQuote).collect(Collectors.joining(" "));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ChannelExec ch;
        try {
            ch = (ChannelExec) session.openChannel("exec");
            ch.setCommand(command);
            ch.setInputStream(null);
            ch.setOutputStream(out);
            ch.setErrStream(err);
            ch.connect(CONNECT_TIMEOUT_MS);
        } catch (JSchException e) {
            throw failed(String.join(" ", argv), e);
        }
        long deadline = System.nanoTime() + COMMAND_LIMIT.toNanos();
        try {
            while (!ch.isClosed()) {
                if (System.nanoTime() > deadline) {
                    throw new IOException(String.join(" ", argv) + " did not finish within "
                            + COMMAND_LIMIT.toSeconds() + " s on " + target);
                }
                Thread.sleep(20); // JSch signals the end only by closing the channel
            }
            if (!session.isConnected()) {
                throw new IOException("the SSH connection to " + target + " was lost");
            }
            return new CommandRunner.Result(ch.getExitStatus(), out.toString(StandardCharsets.UTF_8),
                    err.toString(StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            throw new IOException("the SSH connection to " + target + " was closed during " + argv.getFirst());
        } finally {
            ch.disconnect();
        }
    }

    /** Ends the SFTP channel and the connection; the batch jobs keep running. */
    @Override
    public void close() {
        dropSftp();
        session.disconnect();
        io.shutdownNow();
        LOG.info("closed the SSH connection to {}", target);
    }
}
