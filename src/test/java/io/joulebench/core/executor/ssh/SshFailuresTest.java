package io.joulebench.core.executor.ssh;

import static org.assertj.core.api.Assertions.assertThat;

import com.jcraft.jsch.JSchException;
import java.net.ConnectException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** JSch's terse failures become sentences that name the host and say what to do. */
class SshFailuresTest {

    private final SshTarget target = SshTarget.parse("root@127.0.0.1:2222");
    private final Path known = Path.of("/home/me/.ssh/known_hosts");

    @Test
    void an_unknown_host_key_names_the_host_its_fingerprint_and_the_keyscan_to_run() {
        String m = SshFailures.explain(target, known, List.of(), new JSchException(
                "reject HostKey: [127.0.0.1]:2222"), "ssh-ed25519 SHA256:abcDEF123");
        assertThat(m).contains("127.0.0.1 (port 2222) (it shows ssh-ed25519 SHA256:abcDEF123) is not in"
                        + " /home/me/.ssh/known_hosts")
                .contains("ssh-keyscan -p 2222 127.0.0.1 >> /home/me/.ssh/known_hosts");
    }

    @Test
    void a_changed_host_key_warns_and_says_how_to_replace_it() {
        String m = SshFailures.explain(target, known, List.of(), new JSchException("HostKey has been changed: x"),
                null);
        assertThat(m).contains("differs from the one in").contains("ssh-keygen -R '[127.0.0.1]:2222'");
    }

    @Test
    void refused_keys_are_listed() {
        String m = SshFailures.explain(target, known, List.of("/home/me/.ssh/id_ed25519"),
                new JSchException("Auth fail for methods 'publickey'"), null);
        assertThat(m).contains("root@127.0.0.1 (port 2222) accepted none of the keys tried (/home/me/.ssh/id_ed25519)");
    }

    @Test
    void an_unreachable_host_says_so() {
        String m = SshFailures.explain(target, known, List.of(),
                new JSchException("java.net.ConnectException: Connection refused", new ConnectException(
                        "Connection refused")), null);
        assertThat(m).isEqualTo("--ssh: cannot reach 127.0.0.1 (port 2222): Connection refused");
    }
}
