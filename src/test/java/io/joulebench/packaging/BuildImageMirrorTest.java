package io.joulebench.packaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The llama.cpp image build takes its Debian mirror from the machine's own apt sources (issue 15, item 12). */
class BuildImageMirrorTest {

    private static final Path SCRIPT = Path.of("packaging/engines/llama-cpp/build-image.sh");

    @TempDir
    Path apt;

    record Result(int code, String out) {
    }

    private Result printMirror(Map<String, String> env) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")) || Files.isExecutable(Path.of("/usr/bin/bash")));
        ProcessBuilder pb = new ProcessBuilder("bash", SCRIPT.toString(), "--print-mirror").redirectErrorStream(true);
        pb.environment().remove("DEBIAN_MIRROR");
        pb.environment().put("APT_ETC", apt.toString());
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), out);
    }

    private void write(String name, String text) throws IOException {
        Files.createDirectories(apt.resolve(name).getParent());
        Files.writeString(apt.resolve(name), text);
    }

    @Test
    void the_mirror_is_the_first_debian_archive_of_the_deb822_sources() throws Exception {
        write("sources.list.d/debian.sources", """
                Types: deb
                URIs: http://mirror.example.test:3142/debian/
                Suites: bookworm
                Components: main

                Types: deb
                URIs: http://mirror.example.test:3142/debian-security
                Suites: bookworm-security
                """);

        assertThat(printMirror(Map.of())).isEqualTo(new Result(0, "http://mirror.example.test:3142/debian"));
    }

    @Test
    void a_one_line_sources_list_with_options_is_read_too_and_debian_mirror_overrides_it() throws Exception {
        write("sources.list", "# local\ndeb [arch=amd64 signed-by=/k.gpg] https://proxy.example.test/debian sid main\n");

        assertThat(printMirror(Map.of())).isEqualTo(new Result(0, "https://proxy.example.test/debian"));
        assertThat(printMirror(Map.of("DEBIAN_MIRROR", "http://other.example.test/debian")).out())
                .isEqualTo("http://other.example.test/debian");
    }

    @Test
    void a_host_without_a_debian_archive_is_told_to_set_debian_mirror() throws Exception {
        write("sources.list.d/ubuntu.sources", "Types: deb\nURIs: http://archive.example.test/ubuntu\n");

        Result r = printMirror(Map.of());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("set DEBIAN_MIRROR");
    }

    @Test
    void the_script_names_no_mirror_host_of_its_own() throws IOException {
        String script = Files.readString(SCRIPT);
        assertThat(script).doesNotContainPattern("https?://[a-z0-9.-]+\\.(org|net|com|de)");
    }
}
