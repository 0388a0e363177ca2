package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestPlanTest {

    private static final CompletionRequest WITH_MAX = request(20, false, null);
    private static final CompletionRequest WITHOUT_MAX = request(null, false, null);

    private static CompletionRequest request(Integer maxTokens, boolean ignoreEos, Integer minTokens) {
        return new CompletionRequest(false, 10, maxTokens, true, true, ignoreEos, minTokens, new long[0]);
    }

    @Test
    void same_seed_and_index_give_the_same_plan_and_text() {
        Faults faults = new Faults(false, 0, 0.3, 0.3, 0.3, 0.3);
        for (long i = 0; i < 50; i++) {
            assertThat(RequestPlan.draw(9, i, WITHOUT_MAX, EngineProfile.SMALL, faults))
                    .isEqualTo(RequestPlan.draw(9, i, WITHOUT_MAX, EngineProfile.SMALL, faults));
            assertThat(TextGenerator.token(9, i, 3)).isEqualTo(TextGenerator.token(9, i, 3)).isNotBlank();
        }
        assertThat(RequestPlan.draw(9, 1, WITHOUT_MAX, EngineProfile.SMALL, faults))
                .isNotEqualTo(RequestPlan.draw(10, 1, WITHOUT_MAX, EngineProfile.SMALL, faults));
    }

    @Test
    void max_tokens_gives_length_and_its_absence_a_seeded_stop() {
        RequestPlan length = RequestPlan.draw(1, 0, WITH_MAX, EngineProfile.SMALL, Faults.NONE);
        assertThat(length.targetTokens()).isEqualTo(20);
        assertThat(length.finishReason()).isEqualTo("length");
        for (long i = 0; i < 200; i++) {
            RequestPlan stop = RequestPlan.draw(1, i, WITHOUT_MAX, EngineProfile.SMALL, Faults.NONE);
            assertThat(stop.finishReason()).isEqualTo("stop");
            assertThat(stop.targetTokens()).isBetween(1, EngineProfile.SMALL.defaultMaxTokens());
        }
    }

    @Test
    void early_stop_fraction_ends_some_requests_before_max_tokens() {
        EngineProfile profile = EngineProfile.SMALL.withOverrides(Map.of("early_stop_fraction", 0.5));
        int early = 0;
        for (long i = 0; i < 1000; i++) {
            RequestPlan plan = RequestPlan.draw(1, i, WITH_MAX, profile, Faults.NONE);
            if (plan.finishReason().equals("stop")) {
                early++;
                assertThat(plan.targetTokens()).isBetween(1, 19);
            }
        }
        assertThat(early).isBetween(420, 580);
    }

    @Test
    void ignore_eos_gives_exactly_max_tokens_even_when_every_request_would_stop_early() {
        EngineProfile profile = EngineProfile.SMALL.withOverrides(Map.of("early_stop_fraction", 1.0));
        for (long i = 0; i < 300; i++) {
            assertThat(RequestPlan.draw(1, i, WITH_MAX, profile, Faults.NONE).finishReason()).isEqualTo("stop");
            RequestPlan forced = RequestPlan.draw(1, i, request(20, true, null), profile, Faults.NONE);
            assertThat(forced.targetTokens()).isEqualTo(20);
            assertThat(forced.finishReason()).isEqualTo("length");
        }
    }

    @Test
    void ignore_eos_without_max_tokens_fills_the_context() {
        RequestPlan plan = RequestPlan.draw(1, 0, request(null, true, null), EngineProfile.SMALL, Faults.NONE);
        assertThat(plan.targetTokens()).isEqualTo(EngineProfile.SMALL.maxModelLen() - 10);
        assertThat(plan.finishReason()).isEqualTo("length");
    }

    @Test
    void min_tokens_is_the_shortest_an_early_stop_may_be() {
        EngineProfile profile = EngineProfile.SMALL.withOverrides(Map.of("early_stop_fraction", 1.0));
        int shortest = Integer.MAX_VALUE;
        for (long i = 0; i < 300; i++) {
            shortest = Math.min(shortest, RequestPlan.draw(1, i, request(20, false, 15), profile, Faults.NONE)
                    .targetTokens());
            assertThat(RequestPlan.draw(1, i, request(null, false, 200), profile, Faults.NONE).targetTokens())
                    .isGreaterThanOrEqualTo(200);
        }
        assertThat(shortest).isEqualTo(15);
        assertThat(RequestPlan.draw(1, 0, request(20, false, 20), profile, Faults.NONE).targetTokens())
                .isEqualTo(20);
    }

    @Test
    void fault_fractions_hit_about_that_share_of_requests() {
        Faults faults = new Faults(false, 0, 0, 0.2, 0, 1);
        int errors = 0;
        for (long i = 0; i < 2000; i++) {
            RequestPlan plan = RequestPlan.draw(5, i, WITH_MAX, EngineProfile.SMALL, faults);
            errors += plan.serverError() ? 1 : 0;
            assertThat(plan.drop()).isTrue();
            assertThat(plan.stall()).isFalse();
        }
        assertThat(errors).isBetween(330, 470);
    }
}
