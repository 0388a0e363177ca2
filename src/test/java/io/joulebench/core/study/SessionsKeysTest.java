package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.precision.PrecisionPlan;
import io.joulebench.core.workload.Distribution;
import io.joulebench.engine.ReferenceServingShape;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code task.sessions} (issue 32): its keys, the rules around it, and its config hash. */
class SessionsKeysTest {

    private static final String CHAT = """
            serving_mode: server
            task:
              api: chat
              sessions: %s
            server:
              traffic: {rate: 0.5}
            """;

    @Test
    void plain_numbers_are_fixed_distributions_and_think_time_defaults_to_zero() {
        SessionsConfig s = StudyFixtures.load(CHAT.formatted("{turns: 4}")).cells().getFirst().experiment().task()
                .sessions();
        assertThat(s.turns()).isInstanceOf(Distribution.Fixed.class);
        assertThat(s.meanTurns()).isEqualTo(4.0);
        assertThat(s.thinkSeconds().clippedMoments().mean()).isZero();
    }

    @Test
    void turns_and_think_time_take_any_distribution() {
        SessionsConfig s = StudyFixtures.load(CHAT.formatted("""
                {turns: {distribution: uniform, min: 2, max: 6}, \
                think_seconds: {distribution: lognormal, mean: 2, stddev: 1, max: 10}}""")).cells().getFirst()
                .experiment().task().sessions();
        assertThat(s.turns()).isInstanceOf(Distribution.Uniform.class);
        assertThat(s.meanTurns()).isEqualTo(4.0);
        assertThat(s.thinkSeconds()).isInstanceOf(Distribution.LogNormal.class);
    }

    @Test
    void a_study_without_sessions_keeps_its_config_hash_and_one_with_them_gets_another() {
        String plain = StudyFixtures.load(StudyFixtures.MINIMAL).cells().getFirst().configHash();
        String chat = StudyFixtures.load("serving_mode: server\ntask: {api: chat}\nserver: {traffic: {rate: 0.5}}\n")
                .cells().getFirst().configHash();
        String sessions = StudyFixtures.load(CHAT.formatted("{turns: 4}")).cells().getFirst().configHash();
        assertThat(plain).isNotEqualTo(chat);
        assertThat(sessions).isNotIn(plain, chat);
    }

    @Test
    void sessions_need_the_chat_api() {
        assertThat(rules(CHAT.replace("api: chat", "api: completions").formatted("{turns: 2}")))
                .anySatisfy(e -> assertThat(e).contains("task.sessions").contains("task.api: chat"));
    }

    @Test
    void a_capacity_search_over_sessions_is_refused_with_the_reason() {
        List<String> rules = rules("""
                serving_mode: server
                task: {api: chat, sessions: {turns: 3}}
                server: {capacity_search: {slo: {ttft_p99_ms: 500}, min_rate: 1, max_rate: 9, tolerance: 0.5}}
                """);
        assertThat(rules).anySatisfy(e -> assertThat(e).contains("task.sessions")
                .contains("each later turn waits for the previous reply").contains("sweep server.traffic.rate"));
    }

    @Test
    void bad_distributions_name_their_key_and_line() {
        List<StudyError> errors = StudyFixtures.errorsOf(CHAT.formatted(
                "{turns: {distribution: normal, mean: 3, stddev: -1}, think_seconds: {distribution: uniform, min: 5,"
                        + " max: 1}}"));
        assertThat(errors).anySatisfy(e -> {
            assertThat(e.keyPath()).isEqualTo("task.sessions.turns.stddev");
            assertThat(e.line()).isEqualTo(4);
        });
        assertThat(errors).anySatisfy(e -> assertThat(e.keyPath()).isEqualTo("task.sessions.think_seconds.max"));
    }

    @Test
    void length_distributions_beside_sessions_set_each_turns_lengths() {
        String yaml = CHAT.replace("api: chat", "api: chat\n  input_tokens: {distribution: uniform, min: 20, max: 80}"
                + "\n  output_tokens: 12").formatted("{turns: 2}");
        TaskConfig task = StudyFixtures.load(yaml).cells().getFirst().experiment().task();
        assertThat(task.sessions()).isNotNull();
        assertThat(task.synthesizesLengths()).isTrue();
    }

    @Test
    void a_shared_prefix_beside_sessions_is_refused_with_the_reason() {
        assertThat(rules(CHAT.replace("api: chat", "api: chat\n  shared_prefix: {groups: 2, prefix_tokens: 64}")
                .formatted("{turns: 2}")))
                .anySatisfy(e -> assertThat(e).startsWith("task.shared_prefix").contains("conversation so far"));
    }

    @Test
    void an_automatic_window_over_sessions_is_refused_with_the_reason() {
        assertThat(rules(CHAT.replace("{rate: 0.5}", "{rate: 0.5, window_seconds: auto}").formatted("{turns: 2}")))
                .anySatisfy(e -> assertThat(e).startsWith("server.traffic.window_seconds").contains("sessions per second"));
    }

    @Test
    void the_precision_estimate_leaves_a_session_level_out_and_says_why() {
        Study study = StudyFixtures.load(CHAT.formatted("{turns: 3}"));
        PrecisionPlan plan = PrecisionPlan.of(StudyPlan.of(study), ReferenceServingShape::forExperiment);
        assertThat(plan.levels()).isEmpty();
        assertThat(plan.lines()).anySatisfy(line -> assertThat(line)
                .contains("sessions/s: " + PrecisionPlan.SESSIONS_NOT_ESTIMATED));
        assertThat(plan.warnings()).isEmpty();
        PrecisionPlan plain = PrecisionPlan.of(StudyPlan.of(StudyFixtures.load(StudyFixtures.MINIMAL)),
                ReferenceServingShape::forExperiment);
        assertThat(plain.levels()).hasSize(1);
        assertThat(plain.notEstimated()).isEmpty();
    }

    @Test
    void the_conversation_example_is_a_session_rate_sweep() throws Exception {
        Study study = new StudyLoader().load(StudyFixtures.examples().resolve("conversations.yaml"));
        assertThat(study.cells()).hasSize(3).allSatisfy(c -> {
            assertThat(c.experiment().task().sessions()).isNotNull();
            assertThat(c.experiment().task().sessions().meanTurns()).isEqualTo(4.0);
        });
        assertThat(study.cells()).extracting(c -> c.experiment().server().traffic().rate())
                .containsExactly(0.5, 1.0, 2.0);
    }

    private static List<String> rules(String yaml) {
        return StudyFixtures.errorsOf(yaml).stream().map(e -> e.keyPath() + ": " + e.rule()).toList();
    }
}
