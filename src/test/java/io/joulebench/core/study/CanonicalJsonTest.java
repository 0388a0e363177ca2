package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class CanonicalJsonTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static ObjectNode tree(String json) throws Exception {
        return (ObjectNode) JSON.readTree(json);
    }

    @Test
    void canonical_form_sorts_keys_and_normalises_numbers() throws Exception {
        assertThat(CanonicalJson.of(tree("{\"b\":2.0,\"a\":{\"z\":[1,0.5,1e2],\"y\":\"x\"},\"c\":null,\"d\":true}")))
                .isEqualTo("{\"a\":{\"y\":\"x\",\"z\":[1,0.5,100]},\"b\":2,\"c\":null,\"d\":true}");
    }

    @Test
    void hash_is_sha256_prefix_of_the_canonical_text() throws Exception {
        // echo -n '{"a":1,"b":"x"}' | sha256sum → ecf9e98ec0641e23…
        String hash = CanonicalJson.hash(tree("{\"b\":\"x\",\"a\":1.0}"));
        assertThat(hash).isEqualTo("ecf9e98ec0641e23");
    }

    @Test
    void two_and_two_point_zero_hash_the_same() throws Exception {
        assertThat(CanonicalJson.configHash(tree("{\"server\":{\"traffic\":{\"rate\":2}}}")))
                .isEqualTo(CanonicalJson.configHash(tree("{\"server\":{\"traffic\":{\"rate\":2.0}}}")));
    }

    @Test
    void slo_is_excluded_from_the_config_hash_but_rate_is_not() throws Exception {
        String base = CanonicalJson.configHash(tree("{\"server\":{\"traffic\":{\"rate\":2,\"slo\":null}}}"));
        assertThat(CanonicalJson.configHash(tree("{\"server\":{\"traffic\":{\"rate\":2,\"slo\":{\"ttft_ms\":5}}}}")))
                .isEqualTo(base);
        assertThat(CanonicalJson.configHash(tree("{\"server\":{\"traffic\":{\"rate\":3,\"slo\":null}}}")))
                .isNotEqualTo(base);
    }

    @Test
    void keys_added_later_change_the_hash_only_when_a_study_sets_them() throws Exception {
        String before = CanonicalJson.configHash(tree("{\"server\":{\"traffic\":{\"rate\":2}}}"));
        assertThat(CanonicalJson.configHash(tree("{\"server\":{\"capacity_search\":null,"
                + "\"traffic\":{\"rate\":2,\"window_seconds_auto\":null}}}"))).isEqualTo(before);
        assertThat(CanonicalJson.configHash(tree("{\"server\":{\"capacity_search\":{\"min_rate\":1},"
                + "\"traffic\":{\"rate\":2}}}"))).isNotEqualTo(before);
        assertThat(CanonicalJson.configHash(tree("{\"server\":{\"traffic\":{\"rate\":2,"
                + "\"window_seconds_auto\":{\"min_seconds\":10}}}}"))).isNotEqualTo(before);
    }

    @Test
    void rate_sweep_expands_to_cells_with_distinct_resolved_hashes() {
        Study study = StudyFixtures.load("serving_mode: server\nsweep:\n  server.traffic.rate: [2, 10]\n");
        assertThat(study.cells()).extracting(GridCell::configHash).hasSize(2).doesNotHaveDuplicates();
        assertThat(study.cells().get(0).configHash()).isEqualTo(CanonicalJson.configHash(study.cells().get(0).config()));
    }

    @Test
    void hashing_does_not_change_the_tree() throws Exception {
        ObjectNode t = tree("{\"server\":{\"traffic\":{\"rate\":2,\"slo\":{\"ttft_ms\":5}}}}");
        CanonicalJson.configHash(t);
        assertThat(t.path("server").path("traffic").has("slo")).isTrue();
    }
}
