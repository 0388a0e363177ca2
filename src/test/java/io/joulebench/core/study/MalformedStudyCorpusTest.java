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

    /** The one error of a study file made of {@code bytes}. */
    private static StudyError onlyError(byte[] bytes) {
        try {
            new StudyLoader().parse("bin.yaml", bytes, null);
        } catch (StudyValidationException e) {
            assertThat(e.errors()).hasSize(1);
            return e.errors().getFirst();
        }
        throw new AssertionError("expected an error");
    }

    @Test
    void binary_garbage_names_the_byte_that_is_not_utf8_and_the_control_character_before_it() throws IOException {
        // 7F 'E' 'L' 'F' 02 01 01 00 00 00 FF …: DEL is valid UTF-8 (a control character); FF at offset 10 is not
        StudyError e = onlyError(Files.readAllBytes(CORPUS.resolve("07-binary-garbage.yaml")));

        assertThat(e.rule()).isEqualTo("not UTF-8 text: byte 0xFF at offset 10 is never valid in UTF-8, after control "
                + "character U+007F (line 1, column 1); this looks like a binary file, not a YAML study");
        assertThat(e.line()).isEqualTo(1);
        assertThat(e.column()).isEqualTo(11);
    }

    @Test
    void the_reported_byte_is_the_invalid_one_not_a_valid_byte_before_it() {
        // "a: 1\n" 7F 80: the 0x80 continuation byte at offset 6 is the first invalid byte, not the 0x7F before it
        StudyError e = onlyError(new byte[] {'a', ':', ' ', '1', '\n', 0x7F, (byte) 0x80});

        assertThat(e.rule()).startsWith("not UTF-8 text: byte 0x80 at offset 6 is a continuation byte without a lead "
                + "byte, after control character U+007F (line 2, column 1)");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(2);
    }

    @Test
    void a_latin1_letter_and_a_character_cut_by_the_end_of_file_are_told_apart() {
        StudyError latin1 = onlyError("study_name: caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        assertThat(latin1.rule()).isEqualTo("not UTF-8 text: byte 0xE9 at offset 15 starts a multi-byte character "
                + "that is not followed by its continuation bytes (or encodes an overlong form or a surrogate); a study "
                + "file must be UTF-8 YAML");
        assertThat(latin1.column()).isEqualTo(16);

        StudyError cut = onlyError(new byte[] {'a', ':', ' ', (byte) 0xE2, (byte) 0x82});
        assertThat(cut.rule()).contains("byte 0xE2 at offset 3 starts a multi-byte character, but the file ends "
                + "before it is complete");
    }

    @Test
    void valid_utf8_with_a_control_character_is_reported_as_not_yaml() {
        StudyError e = onlyError(new byte[] {'a', ':', ' ', 0x7F, '\n'});
        assertThat(e.rule()).contains("control character U+007F").contains("does not look like a YAML text file");
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
