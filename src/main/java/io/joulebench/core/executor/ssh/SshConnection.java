package io.joulebench.core.executor.ssh;

import com.jcraft.jsch.AgentIdentityRepository;
import com.jcraft.jsch.AgentProxyException;
import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.HostKey;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.SSHAgentConnector;
import com.jcraft.jsch.Session;
import io.joulebench.core.executor.slurm.CommandRunner;
import io.joulebench.core.executor.slurm.SlurmExecutor;
import io.joulebench.core.time.Clock;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One SSH connection to a login node (JSch), as the user's own {@code ssh} would make it: the keys
 * {@code ~/.ssh/id_ed25519}, {@code id_ecdsa} and {@code id_rsa} that exist (without a passphrase) and the
 * ssh-agent at {@code SSH_AUTH_SOCK}; the host key must already be in {@code ~/.ssh/known_hosts}. Scheduler commands
 * run over exec channels ({@link #commands()}), files go over one SFTP channel ({@link #files()}), every call on
 * the connection's own thread ({@link IoThread}). Closing it ends both: nothing of joulebench stays on the login node.
 */
public final class SshConnection implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SshConnection.class);
    static final List<String> KEY_FILES = List.of("id_ed25519", "id_ecdsa", "id_rsa");
    /** As {@link CommandRunner#local()}: a scheduler command gets a minute. */
    static final Duration COMMAND_LIMIT = Duration.ofSeconds(60);
    static final int CONNECT_TIMEOUT_MS = 15_000;

    /** The connection could not be made; the message says why and what to do. */
    public static final class ConnectFailed extends IOException {
        public ConnectFailed(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final SshTarget target;
    private final Session session;
    private final IoThread io;
    private final SftpSession files;

    private SshConnection(SshTarget target, Session session) {
        this.target = target;
        this.session = session;
        this.io = new IoThread("SSH to " + target);
        this.files = new SftpSession(session, target, io);
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
        return argv -> io.call(() -> exec(argv));
    }

    /** The login node's files over SFTP (one channel, reopened after a failure). */
    public RemoteFiles files() {
        return files;
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
        Clock clock = Clock.system();
        long deadline = clock.nanoTime() + COMMAND_LIMIT.toNanos();
        try {
            while (!ch.isClosed()) {
                if (clock.nanoTime() > deadline) {
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
        files.close();
        session.disconnect();
        io.close();
        LOG.info("closed the SSH connection to {}", target);
    }
}
