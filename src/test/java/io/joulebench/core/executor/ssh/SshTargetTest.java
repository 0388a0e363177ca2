package io.joulebench.core.executor.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code --ssh USER@HOST[:PORT]} and {@code --remote-dir}, and how a run records them. */
class SshTargetTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "alice@login.hpc.example|alice|login.hpc.example|22|login.hpc.example",
        "root@127.0.0.1:2222|root|127.0.0.1|2222|[127.0.0.1]:2222",
        "bob@[::1]:2200|bob|::1|2200|[::1]:2200",
        " me@gpu-login_2 |me|gpu-login_2|22|gpu-login_2",
    })
    void user_host_and_port_are_read(String text, String user, String host, int port, String known) {
        SshTarget t = SshTarget.parse(text);
        assertThat(t).isEqualTo(new SshTarget(user, host, port));
        assertThat(t.knownHostsName()).isEqualTo(known);
        assertThat(SshTarget.parse(t.toString())).isEqualTo(t);
    }

    @ParameterizedTest
    @ValueSource(strings = {"login", "@login", "me@", "me@login:", "me@login:abc", "me@host name", "me@login:70000",
        "me@login:0"})
    void anything_else_is_refused_naming_the_flag(String text) {
        assertThatThrownBy(() -> SshTarget.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--ssh: ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"shared/bench", "~/bench", ""})
    void a_remote_dir_must_be_absolute(String dir) {
        assertThatThrownBy(() -> new SshSite(SshTarget.parse("me@login"), dir))
                .hasMessageStartingWith("--remote-dir: ");
    }

    @org.junit.jupiter.api.Test
    void a_site_is_recorded_for_resume(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        SshSite site = new SshSite(SshTarget.parse("root@127.0.0.1:2222"), "/shared/bench/");
        site.write(tmp);
        assertThat(SshSite.read(tmp)).contains(new SshSite(new SshTarget("root", "127.0.0.1", 2222), "/shared/bench"));
        assertThat(SshSite.read(tmp.resolve("none"))).isEmpty();
    }
}
