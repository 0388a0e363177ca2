package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * Upstream llenergymeasure's own study and experiment files, copied verbatim (sources and verdicts in the folder's
 * README), through {@code joulebench validate}: a file upstream's v0.7 loader accepts validates here and prints exactly
 * one note per mapped or substituted key; a file it rejects exits 2 naming the key upstream names.
 */
class UpstreamStudyFilesTest {

    private static final Path DIR = Path.of("src/test/resources/upstream/studies");
    /** A note is {@code [file:line:col: ]key: text}; the key is what the test counts. */
    private static final Pattern NOTE_KEY = Pattern.compile("^note: (?:\\S+\\.yaml:\\d+:\\d+: )?([^ :]+):");

    record Verdict(String file, boolean accepted, List<String> keys) {
        @Override
        public String toString() {
            return file + (accepted ? " (accepted)" : " (rejected)");
        }
    }

    record Run(int exit, String out, String err) {
    }

    static List<Verdict> verdicts() throws IOException {
        List<Verdict> rows = new ArrayList<>();
        for (String line : Files.readAllLines(DIR.resolve("expectations.tsv"), StandardCharsets.UTF_8)) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t", -1);
            rows.add(new Verdict(f[0], f[1].equals("accepted"), Arrays.asList(f[2].split(","))));
        }
        return rows;
    }

    private static Run validate(String file) {
        return validate(DIR.resolve(file));
    }

    private static Run validate(Path file) {
        CommandLine cl = JoulebenchCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute("validate", file.toString());
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void every_fixture_has_a_verdict_and_every_verdict_a_fixture() throws IOException {
        List<String> files;
        try (Stream<Path> s = Files.list(DIR)) {
            files = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).sorted().toList();
        }
        assertThat(verdicts()).extracting(Verdict::file).containsExactlyInAnyOrderElementsOf(files);
        assertThat(verdicts()).anyMatch(Verdict::accepted).anyMatch(v -> !v.accepted());
    }

    @Test
    void the_example_called_the_upstream_tutorial_is_upstreams_file_byte_for_byte() throws IOException {
        assertThat(Files.readAllBytes(Path.of("examples/upstream-tutorial.yaml")))
                .isEqualTo(Files.readAllBytes(DIR.resolve("docs-tutorial-server-mode-study.yaml")));
    }

    @Test
    void the_trt_smoke_with_its_warmup_where_v07_keeps_it_validates_with_its_engine_params() throws IOException {
        String v06 = "measurement:\n  warmup:\n    enabled: false\n  baseline:\n    enabled: false\n";
        String v07 = "offline:\n  warmup:\n    enabled: false\nmeasurement:\n  baseline:\n    enabled: false\n";
        String trt = Files.readString(DIR.resolve("ci-smoke-tensorrt-trt.yaml"));
        assertThat(trt).endsWith(v06);
        Path file = Files.createTempFile("smoke-tensorrt-trt", ".yaml");
        try {
            Files.writeString(file, trt.replace(v06, v07));
            Run r = validate(file);
            assertThat(r.exit()).as(r.err()).isZero();
            assertThat(r.out()).contains("note: offline.warmup:").contains("note: tensorrt:");
        } finally {
            Files.delete(file);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("verdicts")
    void validate_agrees_with_upstreams_loader(Verdict v) {
        Run r = validate(v.file());
        if (v.accepted()) {
            assertThat(r.exit()).as(r.err()).isZero();
            assertThat(r.out()).contains(v.file() + ": valid");
            List<String> noted = new ArrayList<>();
            r.out().lines().forEach(l -> {
                Matcher m = NOTE_KEY.matcher(l);
                if (m.find()) {
                    noted.add(m.group(1));
                }
            });
            assertThat(noted).as(r.out()).containsExactlyInAnyOrderElementsOf(v.keys());
        } else {
            assertThat(r.exit()).as(r.out()).isEqualTo(ExitCodes.BAD_INPUT);
            assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
            for (String key : v.keys()) {
                assertThat(r.err()).as("names " + key).containsPattern(
                        "(?m)^" + Pattern.quote(v.file()) + ":\\d+:\\d+: " + Pattern.quote(key) + ": ");
            }
        }
    }
}
