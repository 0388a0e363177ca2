package io.joulebench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class YamlSpliceTest {

    private static final String STUDY = """
            # My sweep
            study_name: mine   # folder name
            engine: reference

            server:
              # how traffic arrives
              traffic:
                arrival: gamma   # bursty on purpose
                burstiness: 2
                window_seconds: 5
              windows_per_level: 3  # upstream's default
            sweep:
              # geometric
              server.traffic.rate: [2, 8, 32]
            """;

    private static String edit(String text, Consumer<ObjectNode> change) {
        StudyDocument doc = new StudyDocument();
        doc.textProperty().set(text);
        doc.edit(change);
        return doc.textProperty().get();
    }

    @Test
    void a_changed_scalar_is_replaced_in_place_keeping_the_comment_after_it() {
        String out = edit(STUDY, t -> StudyYaml.set(t, "server.traffic.window_seconds", StudyYaml.number(10)));
        assertThat(out).isEqualTo(STUDY.replace("window_seconds: 5", "window_seconds: 10"));
        out = edit(STUDY, t -> StudyYaml.set(t, "study_name", StudyYaml.NODES.textNode("my study: v2")));
        assertThat(out).contains("study_name: \"my study: v2\"   # folder name\n");
    }

    @Test
    void a_removed_key_loses_its_line_and_nothing_else() {
        String out = edit(STUDY, t -> {
            StudyYaml.set(t, "server.traffic.arrival", StudyYaml.NODES.textNode("poisson"));
            StudyYaml.set(t, "server.traffic.burstiness", null);
        });
        assertThat(out).isEqualTo(STUDY.replace("arrival: gamma", "arrival: poisson")
                .replace("    burstiness: 2\n", ""));
    }

    @Test
    void a_new_key_goes_after_its_mappings_last_at_the_same_indent_and_new_mappings_are_blocks() {
        String out = edit(STUDY, t -> {
            StudyYaml.set(t, "server.traffic.concurrency_cap", StudyYaml.number(16));
            StudyYaml.set(t, "server.warmup.mode", StudyYaml.NODES.textNode("fixed"));
            StudyYaml.set(t, "measurement.energy_sampler", StudyYaml.NODES.textNode("simulated"));
        });
        assertThat(out).contains("    window_seconds: 5\n    concurrency_cap: 16\n")
                .contains("  windows_per_level: 3  # upstream's default\n  warmup:\n    mode: fixed\n")
                .endsWith("measurement:\n  energy_sampler: simulated\n")
                .contains("# how traffic arrives", "# geometric", "# bursty on purpose", "# My sweep");
    }

    @Test
    void a_changed_sweep_list_is_rewritten_as_one_entry_under_its_comment() {
        String out = edit(STUDY, t -> {
            var rates = StudyYaml.NODES.arrayNode().add(1).add(2).add(4).add(8);
            StudyYaml.setSweepAxis(t, "server.traffic.rate", rates);
        });
        assertThat(out).isEqualTo(STUDY.replace("[2, 8, 32]", "[1, 2, 4, 8]"));
    }

    @Test
    void text_that_is_not_a_block_mapping_is_not_spliced() {
        ObjectNode tree = StudyYaml.read("{a: 1}").orElseThrow();
        ObjectNode changed = tree.deepCopy().put("a", 2);
        assertThat(YamlSplice.apply("{a: 1}", tree, changed)).isEmpty();
        assertThat(YamlSplice.apply("", StudyYaml.NODES.objectNode(), changed)).isEmpty();
    }

    @Test
    void values_that_read_as_another_type_are_quoted() {
        assertThat(YamlSplice.scalar(StudyYaml.NODES.textNode("true"))).isEqualTo("\"true\"");
        assertThat(YamlSplice.scalar(StudyYaml.NODES.textNode("12"))).isEqualTo("\"12\"");
        assertThat(YamlSplice.scalar(StudyYaml.NODES.textNode("container:vllm/vllm-openai"))).isEqualTo(
                "container:vllm/vllm-openai");
        assertThat(YamlSplice.scalar(StudyYaml.NODES.textNode("a # b"))).isEqualTo("\"a # b\"");
    }

    @Test
    void a_changed_flow_map_keeps_its_flow_style_and_bare_number_keys() {
        String text = """
                engine: reference
                server:
                  traffic:
                    rate: 16
                    window_seconds_by_rate: {16: 20, 28: 8, 40: 6}   # per-rate windows
                """;
        String out = edit(text, t -> StudyYaml.set(t, "server.traffic.window_seconds_by_rate.28",
                StudyYaml.number(12)));
        assertThat(out).isEqualTo(text.replace("{16: 20, 28: 8, 40: 6}", "{16: 20, 28: 12, 40: 6}"));
    }
}
