package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Upstream's {@code engine: transformers}: substituted by TGI offline (said once per key), an error in server mode. */
class TransformersEngineTest {

    private static final String TASK = "task: {model: gpt2, dataset: {source: builtin, n_prompts: 4}}\n";

    private static Study load(String yaml) throws StudyValidationException {
        return new StudyLoader().parse("s.yaml", yaml.getBytes(StandardCharsets.UTF_8), null);
    }

    @Test
    void offline_transformers_runs_on_the_tgi_preset_and_says_it_was_substituted() throws Exception {
        Study study = load("serving_mode: offline\nengine: transformers\n" + TASK
                + "runners: {transformers: container}\ntransformers: {engine_params: {batch_size: 4}}\n");
        assertThat(study.cells()).singleElement().satisfies(c -> assertThat(c.experiment().engine()).isEqualTo("tgi"));
        assertThat(study.notes()).filteredOn(n -> n.startsWith("engine:")).singleElement().asString()
                .contains("SUBSTITUTED").contains("not comparable");
        assertThat(study.notes()).filteredOn(n -> n.startsWith("transformers:")).singleElement().asString()
                .contains("not applied");
        assertThat(study.notes()).filteredOn(n -> n.startsWith("runners.transformers:")).hasSize(1);
    }

    @Test
    void an_experiments_entry_takes_the_studys_serving_mode() throws Exception {
        Study study = load("serving_mode: offline\nexperiments:\n  - engine: transformers\n    " + TASK);
        assertThat(study.cells().get(0).experiment().engine()).isEqualTo("tgi");
        assertThat(study.notes()).filteredOn(n -> n.startsWith("experiments[0].engine:")).hasSize(1);
    }

    @Test
    void server_mode_transformers_is_rejected_with_upstreams_reason_once() {
        assertThatThrownBy(() -> load("serving_mode: server\nengine: transformers\n" + TASK
                + "server: {traffic: {rate: 2}}\n"))
                .isInstanceOfSatisfying(StudyValidationException.class, e -> assertThat(e.errors())
                        .filteredOn(er -> er.keyPath().equals("engine")).singleElement()
                        .satisfies(er -> assertThat(er.rule()).contains("rejected with serving_mode: server")
                                .contains("vllm and tensorrt")));
    }

    @Test
    void an_engine_list_or_engine_axis_offline_substitutes_the_transformers_entry_once() throws Exception {
        for (String engines : new String[] {"engine: [transformers, vllm]\n", "sweep: {engine: [transformers, vllm]}\n"}) {
            Study study = load("serving_mode: offline\n" + TASK + engines);
            assertThat(study.cells()).as(engines).extracting(c -> c.experiment().engine())
                    .containsExactlyInAnyOrder("tgi", "vllm");
            assertThat(study.notes()).as(engines).filteredOn(n -> n.contains("SUBSTITUTED by 'tgi'")).hasSize(1);
        }
    }
}
