package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.time.Clock;
import io.joulebench.testing.TestWiring;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32, acceptance 3, end to end: a session study on the in-process reference engine (the real clock). Checked
 * per session from requests.csv alone: every turn k+1 left after turn k completed, and the server's prompt tokens
 * grow turn by turn; windows.csv counts the sessions started and completed.
 */
class SessionStudyOnReferenceEngineTest {

    private static final String STUDY = """
            study_name: session-study
            serving_mode: server
            engine: reference
            runners: {reference: in-process}
            task:
              api: chat
              dataset: {source: builtin, n_prompts: 20, order: interleaved}
              max_output_tokens: 8
              random_seed: 42
              sessions: {turns: 3, think_seconds: {distribution: uniform, min: 0.02, max: 0.1}}
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            server:
              traffic: {rate: 8, ramp_exclusion_seconds: 0.5, window_seconds: 1}
              warmup: {mode: fixed, duration_seconds: 0.2}
              windows_per_level: 2
            study_execution: {n_cycles: 1, experiment_gap_seconds: 0, cycle_gap_seconds: 0}
            """;

    @TempDir
    Path tmp;

    @Test
    void every_later_turn_leaves_after_the_previous_one_completed_and_carries_a_longer_prompt() throws Exception {
        Path yaml = Files.writeString(tmp.resolve("study.yaml"), STUDY);
        StudyRunResult r = new StudyRunner(TestWiring.referenceEngineRunner(TestWiring.host(tmp.resolve("home"))),
                Clock.system()).run(new StudyLoader().load(yaml), tmp.resolve("out"), StudyRunListener.NONE);

        List<Map<String, String>> requests = new ArrayList<>();
        try (var files = Files.walk(r.folder())) {
            for (Path log : files.filter(f -> f.getFileName().toString().equals("requests.csv")).toList()) {
                requests.addAll(Csv.rows(log));
            }
        }
        assertThat(requests).isNotEmpty().allSatisfy(q -> {
            assertThat(q.get("status")).as(q.get("error")).isEqualTo("ok");
            assertThat(q.get("session_id")).isNotBlank();
            assertThat(q.get("turn")).isNotBlank();
        });
        Map<String, List<Map<String, String>>> sessions = requests.stream()
                .collect(Collectors.groupingBy(q -> q.get("level_index") + "/" + q.get("session_id")));
        long multiTurn = 0;
        for (List<Map<String, String>> turns : sessions.values()) {
            turns.sort(Comparator.comparingInt(q -> Integer.parseInt(q.get("turn"))));
            for (int k = 1; k < turns.size(); k++) {
                Map<String, String> before = turns.get(k - 1);
                Map<String, String> next = turns.get(k);
                if (Integer.parseInt(next.get("turn")) != Integer.parseInt(before.get("turn")) + 1) {
                    continue; // a turn logged in no window (the ramp's edge) leaves a gap
                }
                multiTurn++;
                assertThat(new BigDecimal(next.get("dispatched_at"))).as("session %s turn %s",
                        next.get("session_id"), next.get("turn"))
                        .isGreaterThanOrEqualTo(new BigDecimal(before.get("completed_at")));
                assertThat(new BigDecimal(next.get("issued_at"))).as("ready after the reply plus the think time")
                        .isGreaterThan(new BigDecimal(before.get("completed_at")));
                assertThat(Long.parseLong(next.get("server_prompt_tokens")))
                        .as("session %s turn %s's prompt tokens", next.get("session_id"), next.get("turn"))
                        .isGreaterThan(Long.parseLong(before.get("server_prompt_tokens"))
                                + Long.parseLong(before.get("server_completion_tokens")));
            }
        }
        assertThat(multiTurn).as("consecutive turns checked").isGreaterThan(5);

        List<Map<String, String>> windows = Csv.rows(r.folder().resolve("windows.csv"));
        assertThat(windows).hasSize(2).allSatisfy(w -> {
            assertThat(Long.parseLong(w.get("sessions_started"))).isPositive();
            assertThat(w.get("sessions_completed")).isNotBlank();
        });
        assertThat(windows.stream().mapToLong(w -> Long.parseLong(w.get("sessions_completed"))).sum()).isPositive();
    }

    /** Session s's turn's recorded {@code input_length}: its new message's tokens, different per turn. */
    private static int inputLength(int s, int turn) {
        return 30 + 17 * turn + 5 * s;
    }

    private static int outputLength(int s, int turn) {
        return 4 + turn + s % 3;
    }

    /**
     * A session trace (format sessions) replays its conversations through the same machinery; each turn's new message
     * has the row's input_length in the server's tokens and its answer exactly the row's output_length.
     */
    @Test
    void a_session_trace_replays_its_conversations_in_order() throws Exception {
        StringBuilder csv = new StringBuilder("chat_id,parent_chat_id,turn,timestamp,input_length,output_length\n");
        int id = 0;
        for (int s = 0; s < 6; s++) {
            int parent = -1;
            for (int turn = 1; turn <= 3; turn++) {
                csv.append(id).append(',').append(parent).append(',').append(turn).append(',')
                        .append(String.format(java.util.Locale.ROOT, "%.2f", 0.3 * s + 0.2 * turn)).append(',')
                        .append(inputLength(s, turn)).append(',').append(outputLength(s, turn)).append('\n');
                parent = id++;
            }
        }
        // rows must be in time order: sort them by timestamp (ties keep file order)
        List<String> rows = new ArrayList<>(List.of(csv.toString().split("\n")));
        String header = rows.removeFirst();
        rows.sort(Comparator.comparingDouble(r -> Double.parseDouble(r.split(",")[3])));
        Files.writeString(tmp.resolve("sessions.csv"), header + "\n" + String.join("\n", rows) + "\n");
        String study = STUDY.replace("  sessions: {turns: 3, think_seconds: {distribution: uniform, min: 0.02, max: 0.1}}\n", "")
                .replace("traffic: {rate: 8, ramp_exclusion_seconds: 0.5, window_seconds: 1}",
                        "traffic: {trace: sessions.csv, ramp_exclusion_seconds: 0.5, window_seconds: 2}");
        assertThat(study).contains("trace: sessions.csv").doesNotContain("sessions: {turns");
        StudyRunResult r = new StudyRunner(TestWiring.referenceEngineRunner(TestWiring.host(tmp.resolve("home"))),
                Clock.system()).run(new StudyLoader().load(Files.writeString(tmp.resolve("trace.yaml"), study)),
                tmp.resolve("out"), StudyRunListener.NONE);

        List<Map<String, String>> requests = new ArrayList<>();
        try (var files = Files.walk(r.folder())) {
            for (Path log : files.filter(f -> f.getFileName().toString().equals("requests.csv")).toList()) {
                requests.addAll(Csv.rows(log));
            }
        }
        assertThat(requests).isNotEmpty().allSatisfy(q -> {
            assertThat(q.get("status")).as(q.get("error")).isEqualTo("ok");
            int session = Integer.parseInt(q.get("session_id"));
            int turn = Integer.parseInt(q.get("turn"));
            assertThat(q.get("requested_output_tokens")).isEqualTo(String.valueOf(outputLength(session, turn)));
            assertThat(q.get("server_completion_tokens")).as("the answer forced to the row's output_length")
                    .isEqualTo(String.valueOf(outputLength(session, turn)));
            assertThat(q.get("requested_input_tokens")).as("the server's prompt also holds the history").isEmpty();
        });
        // a first turn's prompt is its new message (the row's input_length) plus the chat template's own tokens
        List<Long> overhead = requests.stream().filter(q -> q.get("turn").equals("1"))
                .map(q -> Long.parseLong(q.get("server_prompt_tokens"))
                        - inputLength(Integer.parseInt(q.get("session_id")), 1)).distinct().toList();
        assertThat(overhead).as("template tokens beside each first turn's input_length").hasSize(1);
        assertThat(overhead.getFirst()).isBetween(0L, 16L);
        Map<String, List<Map<String, String>>> sessions = requests.stream()
                .collect(Collectors.groupingBy(q -> q.get("session_id")));
        long checked = 0;
        for (List<Map<String, String>> turns : sessions.values()) {
            turns.sort(Comparator.comparingInt(q -> Integer.parseInt(q.get("turn"))));
            for (int k = 1; k < turns.size(); k++) {
                checked++;
                assertThat(new BigDecimal(turns.get(k).get("dispatched_at")))
                        .isGreaterThanOrEqualTo(new BigDecimal(turns.get(k - 1).get("completed_at")));
                int session = Integer.parseInt(turns.get(k).get("session_id"));
                int turn = Integer.parseInt(turns.get(k).get("turn"));
                assertThat(Long.parseLong(turns.get(k).get("server_prompt_tokens")))
                        .as("session %d turn %d: the history, then a new message of its input_length", session, turn)
                        .isGreaterThanOrEqualTo(Long.parseLong(turns.get(k - 1).get("server_prompt_tokens"))
                                + outputLength(session, turn - 1) + inputLength(session, turn));
            }
        }
        assertThat(checked).isPositive();
    }

    /**
     * A length mix beside sessions: each turn's new message has a drawn input length (history excluded) and its
     * answer exactly a drawn output length.
     */
    @Test
    void a_length_mix_sets_each_turns_message_and_answer_lengths() throws Exception {
        String study = STUDY.replace("  random_seed: 42\n", "  random_seed: 42\n"
                + "  input_tokens: {distribution: uniform, min: 40, max: 120}\n"
                + "  output_tokens: {distribution: uniform, min: 3, max: 9}\n");
        assertThat(study).contains("input_tokens: {distribution: uniform");
        StudyRunResult r = new StudyRunner(TestWiring.referenceEngineRunner(TestWiring.host(tmp.resolve("home"))),
                Clock.system()).run(new StudyLoader().load(Files.writeString(tmp.resolve("mix.yaml"), study)),
                tmp.resolve("out"), StudyRunListener.NONE);

        List<Map<String, String>> requests = new ArrayList<>();
        try (var files = Files.walk(r.folder())) {
            for (Path log : files.filter(f -> f.getFileName().toString().equals("requests.csv")).toList()) {
                requests.addAll(Csv.rows(log));
            }
        }
        assertThat(requests).hasSizeGreaterThan(10).allSatisfy(q -> {
            assertThat(q.get("status")).as(q.get("error")).isEqualTo("ok");
            int asked = Integer.parseInt(q.get("requested_output_tokens"));
            assertThat(asked).isBetween(3, 9);
            assertThat(q.get("server_completion_tokens")).isEqualTo(String.valueOf(asked));
        });
        assertThat(requests.stream().map(q -> q.get("requested_output_tokens")).distinct().count())
                .as("drawn, not one max_tokens").isGreaterThan(2);
        // a first turn's prompt is its message of a drawn length in [40, 120] plus the chat template's few tokens
        List<Long> firstPrompts = requests.stream().filter(q -> q.get("turn").equals("1"))
                .map(q -> Long.parseLong(q.get("server_prompt_tokens"))).toList();
        assertThat(firstPrompts).isNotEmpty().allSatisfy(p -> assertThat(p).isBetween(40L, 120L + 16));
        assertThat(firstPrompts.stream().distinct().count()).isGreaterThan(2);
        Map<String, List<Map<String, String>>> sessions = requests.stream()
                .collect(Collectors.groupingBy(q -> q.get("level_index") + "/" + q.get("session_id")));
        long checked = 0;
        for (List<Map<String, String>> turns : sessions.values()) {
            turns.sort(Comparator.comparingInt(q -> Integer.parseInt(q.get("turn"))));
            for (int k = 1; k < turns.size(); k++) {
                Map<String, String> before = turns.get(k - 1);
                Map<String, String> next = turns.get(k);
                if (Integer.parseInt(next.get("turn")) != Integer.parseInt(before.get("turn")) + 1) {
                    continue;
                }
                checked++;
                assertThat(Long.parseLong(next.get("server_prompt_tokens"))).as("the history, then >= 40 new tokens")
                        .isGreaterThanOrEqualTo(Long.parseLong(before.get("server_prompt_tokens"))
                                + Long.parseLong(before.get("server_completion_tokens")) + 40);
            }
        }
        assertThat(checked).isPositive();
    }
}
