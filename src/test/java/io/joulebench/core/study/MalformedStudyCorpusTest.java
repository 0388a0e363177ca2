package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every malformed study in src/test/resources/studies/bad yields the expected key path, line and rule. */
class MalformedStudyCorpusTest {

    static final Path CORPUS = Path.of("src/test/resources/studies/bad");

    record Expectation(String file, String keyPath, int line, String ruleContains) {
        @Override
        public String toString() {
            return file;
        }
    }

    static List<Expectation> expectations() throws IOException {
        List<Expectation> out = new ArrayList<>();
        for (String line : Files.readAllLines(CORPUS.resolve("expectations.tsv"), StandardCharsets.UTF_8)) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t", -1);
            out.add(new Expectation(f[0], f[1], Integer.parseInt(f[2]), f[3]));
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("expectations")
    void malformed_study_reports_key_path_line_and_rule(Expectation expected) {
        Path file = CORPUS.resolve(expected.file());
        assertThatThrownBy(() -> new StudyLoader().load(file))
                .isInstanceOfSatisfying(StudyValidationException.class, e -> assertThat(e.errors())
                        .as("errors of %s", expected.file())
                        .anySatisfy(error -> {
                            assertThat(error.file()).isEqualTo(expected.file());
                            assertThat(error.keyPath()).isEqualTo(expected.keyPath());
                            assertThat(error.line()).isEqualTo(expected.line());
                            assertThat(error.format()).contains(expected.ruleContains());
                        }));
    }

    @Test
    void corpus_has_at_least_forty_files_each_with_an_expectation() throws IOException {
        List<String> files;
        try (Stream<Path> s = Files.list(CORPUS)) {
            files = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(40);
        assertThat(expectations().stream().map(Expectation::file).toList()).containsExactlyElementsOf(files);
    }

    @Test
    void huge_file_is_refused_without_parsing(@TempDir Path dir) throws IOException {
        Path huge = dir.resolve("huge.yaml");
        StringBuilder sb = new StringBuilder("serving_mode: server\nserver: {traffic: {rate: 4}}\n");
        while (sb.length() <= YamlTreeReader.MAX_BYTES) {
            sb.append("# padding padding padding padding padding padding padding padding padding\n");
        }
        Files.writeString(huge, sb);
        assertThatThrownBy(() -> new StudyLoader().load(huge))
                .isInstanceOfSatisfying(StudyValidationException.class, e -> assertThat(e.errors())
                        .singleElement()
                        .satisfies(error -> assertThat(error.rule()).contains("limited to 1 MiB")));
    }

    @Test
    void missing_file_is_one_clear_error(@TempDir Path dir) {
        assertThatThrownBy(() -> new StudyLoader().load(dir.resolve("nope.yaml")))
                .isInstanceOfSatisfying(StudyValidationException.class, e -> assertThat(e.errors())
                        .singleElement().satisfies(error -> assertThat(error.rule()).startsWith("file not found")));
    }

    @Test
    void all_errors_in_a_file_are_reported_together_in_file_order() {
        List<StudyError> errors = StudyFixtures.errorsOf("""
                serving_mode: server
                enigne: reference
                server:
                  traffic:
                    rate: -3
                    arival: gamma
                  windows_per_level: 0
                study_execution: {n_cycles: 0}
                """);
        assertThat(errors).extracting(StudyError::keyPath).containsExactly("enigne", "server.traffic.rate",
                "server.traffic.arival", "server.windows_per_level", "study_execution.n_cycles");
        assertThat(errors).extracting(StudyError::line).containsExactly(2, 5, 6, 7, 8);
        assertThat(errors.get(0).format()).isEqualTo("test.yaml:2:1: enigne: unknown key (did you mean 'engine'?)");
        assertThat(errors.get(1).format()).isEqualTo("test.yaml:5:5: server.traffic.rate: must be > 0 (got -3)");
    }

    @Test
    void an_error_repeated_in_every_swept_cell_is_reported_once() {
        List<StudyError> errors = StudyFixtures.errorsOf("""
                serving_mode: server
                server:
                  warmup: {mode: fixd}
                sweep:
                  server.traffic.rate: [1, 2, 4]
                """);
        assertThat(errors).singleElement().satisfies(e -> assertThat(e.keyPath()).isEqualTo("server.warmup.mode"));
    }
}
