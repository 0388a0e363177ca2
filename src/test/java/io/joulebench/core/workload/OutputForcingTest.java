package io.joulebench.core.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.server.EnginePreset;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each engine is asked for the row's output length in its own words (docs/engines.md, "Output forcing"). */
class OutputForcingTest {

    @ParameterizedTest
    @CsvSource({
            "vllm,      true,  true,  true",
            "sglang,    true,  false, true",
            "llamacpp,  true,  false, true",
            "reference, true,  false, true",
            "trtllm,    true,  true,  true",
            "tgi,       false, false, false",
            "custom,    false, false, false",
    })
    void each_engine_gets_max_tokens_and_what_its_api_has_to_keep_going(String engine, boolean ignoreEos,
                                                                        boolean minTokens, boolean forces) {
        OutputForcing forcing = OutputForcing.of(EnginePreset.fromId(engine));

        Map<String, Object> fields = forcing.fields(137);

        assertThat(fields).containsEntry("max_tokens", 137);
        assertThat(fields.containsKey("ignore_eos")).isEqualTo(ignoreEos);
        if (ignoreEos) {
            assertThat(fields).containsEntry("ignore_eos", true);
        }
        assertThat(fields.containsKey("min_tokens")).isEqualTo(minTokens);
        if (minTokens) {
            assertThat(fields).containsEntry("min_tokens", 137);
        }
        assertThat(fields).hasSize(1 + (ignoreEos ? 1 : 0) + (minTokens ? 1 : 0));
        assertThat(forcing.forcesLength()).isEqualTo(forces);
    }
}
