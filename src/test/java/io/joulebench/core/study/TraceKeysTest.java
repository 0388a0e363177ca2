package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.joulebench.core.traffic.trace.TraceFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code server.traffic.trace} as a file or a mapping (issue 30). */
class TraceKeysTest {

    @TempDir
    Path dir;

    private static TrafficConfig traffic(Study study, int cell) {
        return study.cells().get(cell).experiment().server().traffic();
    }

    @Test
    void a_plain_file_is_the_whole_trace_with_defaults_and_stays_text_in_the_config() {
        Study study = StudyFixtures.load("serving_mode: server\nserver: {traffic: {trace: t.jsonl}}\n");
        assertThat(traffic(study, 0).trace()).isEqualTo(TraceConfig.ofFile("t.jsonl"));
        assertThat(study.cells().get(0).config().path("server").path("traffic").path("trace").isTextual())
                .as("the config hash of trace: FILE is what it was").isTrue();
    }

    @Test
    void a_mapping_reads_every_key() {
        Study study = StudyFixtures.load("""
                serving_mode: server
                server:
                  traffic:
                    trace: {file: t.csv, format: burstgpt, start_seconds: 60, duration_seconds: 120,
                            time_scale: 2.5, block_size: 256, lengths: dataset}
                """);
        assertThat(traffic(study, 0).trace()).isEqualTo(new TraceConfig("t.csv", TraceFormat.BURSTGPT, 60.0, 120.0,
                2.5, 256, TraceConfig.Lengths.DATASET));
        assertThat(StudyFixtures.load("serving_mode: server\nserver: {traffic: {trace: {file: t.csv}}}\n")
                .cells().get(0).experiment().server().traffic().trace()).isEqualTo(TraceConfig.ofFile("t.csv"));
    }

    @Test
    void a_swept_time_scale_is_a_level_of_one_session_even_over_a_plain_file() {
        Study study = StudyFixtures.load("""
                serving_mode: server
                server: {traffic: {trace: t.jsonl}}
                study_execution: {experiment_order: interleave}
                sweep: {server.traffic.trace.time_scale: [1, 2, 4]}
                """);
        assertThat(study.cells()).hasSize(3);
        assertThat(study.cells()).extracting(c -> c.experiment().server().traffic().trace().timeScale())
                .containsExactly(1.0, 2.0, 4.0);
        assertThat(study.cells()).extracting(c -> c.experiment().server().traffic().trace().file())
                .containsOnly("t.jsonl");
        assertThat(study.cells()).extracting(c -> SessionGrouping.groupKey(c.config())).containsOnly(
                SessionGrouping.groupKey(study.cells().get(0).config()));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{file: t.csv, time_scale: 0}|server.traffic.trace.time_scale",
        "{file: t.csv, speed: 2}|server.traffic.trace.speed",
        "{file: t.csv, format: csv}|server.traffic.trace.format",
        "{file: t.csv, lengths: tokens}|server.traffic.trace.lengths",
        "{file: t.csv, start_seconds: -1}|server.traffic.trace.start_seconds",
        "{file: t.csv, duration_seconds: 0}|server.traffic.trace.duration_seconds",
        "{file: t.csv, block_size: 1.5}|server.traffic.trace.block_size",
        "{format: azure}|server.traffic.trace.file",
        "[a, b]|server.traffic.trace",
    })
    void bad_keys_are_refused_naming_the_key(String trace, String key) {
        List<StudyError> errors = StudyFixtures.errorsOf("serving_mode: server\nserver:\n  traffic:\n    trace: "
                + trace + "\n");
        assertThat(errors).anySatisfy(e -> assertThat(e.format()).contains(key));
    }

    @Test
    void a_malformed_trace_is_a_study_error_naming_the_key_the_file_and_the_line() throws Exception {
        Files.writeString(dir.resolve("t.jsonl"), "{\"timestamp\": 0, \"input_length\": 5}\n"
                + "{\"timestamp\": 10, \"input_length\": 2.5}\n");
        Files.writeString(dir.resolve("s.yaml"), "serving_mode: server\nserver: {traffic: {trace: {file: t.jsonl}}}\n");
        StudyValidationException e = assertThrows(StudyValidationException.class,
                () -> new StudyLoader().load(dir.resolve("s.yaml")));
        assertThat(e.getMessage()).contains("server.traffic.trace.file").contains("t.jsonl line 2")
                .contains("input_length").contains("fractional");
    }

    @Test
    void a_forced_format_that_does_not_match_is_a_study_error() throws Exception {
        Files.writeString(dir.resolve("t.csv"), "offset_s\n0\n1\n");
        Files.writeString(dir.resolve("s.yaml"),
                "serving_mode: server\nserver: {traffic: {trace: {file: t.csv, format: mooncake}}}\n");
        StudyValidationException e = assertThrows(StudyValidationException.class,
                () -> new StudyLoader().load(dir.resolve("s.yaml")));
        assertThat(e.getMessage()).contains("t.csv line 1").contains("format: mooncake was named");
    }

    @Test
    void lengths_trace_needs_a_file_with_input_lengths() throws Exception {
        Files.writeString(dir.resolve("t.csv"), "offset_s,output_tokens\n0,4\n1,5\n");
        Files.writeString(dir.resolve("s.yaml"),
                "serving_mode: server\nserver: {traffic: {trace: {file: t.csv, lengths: trace}}}\n");
        StudyValidationException e = assertThrows(StudyValidationException.class,
                () -> new StudyLoader().load(dir.resolve("s.yaml")));
        assertThat(e.getMessage()).contains("server.traffic.trace.lengths").contains("no input lengths");
    }

    @Test
    void the_example_study_replays_a_two_minute_slice_at_two_time_scales() throws Exception {
        Study study = new StudyLoader().load(StudyFixtures.examples().resolve("trace-replay.yaml"));
        assertThat(study.cells()).extracting(c -> c.experiment().server().traffic().trace().timeScale())
                .containsExactly(1.0, 2.0);
        TraceConfig trace = traffic(study, 0).trace();
        assertThat(trace.durationSeconds()).isEqualTo(120.0);
        assertThat(trace.file()).isEqualTo("traces/mooncake-sample.jsonl");
        assertThat(study.cells()).extracting(c -> SessionGrouping.groupKey(c.config())).containsOnly(
                SessionGrouping.groupKey(study.cells().get(0).config()));
    }

    @Test
    void a_level_that_ends_before_its_slice_says_so_in_a_note_and_one_that_covers_it_does_not() throws Exception {
        Files.writeString(dir.resolve("t.csv"), "offset_s,input_tokens,output_tokens\n0,10,5\n30,10,5\n100,10,5\n");
        String study = """
                serving_mode: server
                server:
                  traffic: {trace: {file: t.csv, time_scale: %s}, ramp_exclusion_seconds: 2, window_seconds: %s}
                  windows_per_level: 3
                """;
        Files.writeString(dir.resolve("short.yaml"), study.formatted("1", "10"));
        assertThat(new StudyLoader().load(dir.resolve("short.yaml")).notes()).anySatisfy(n -> assertThat(n)
                .contains("server.traffic.trace: at time_scale 1 the slice lasts 100.0 s but a level ends after "
                        + "32.0 s"));

        Files.writeString(dir.resolve("covered.yaml"), study.formatted("4", "10"));
        assertThat(new StudyLoader().load(dir.resolve("covered.yaml")).notes())
                .noneMatch(n -> n.contains("the slice lasts"));
    }
}
