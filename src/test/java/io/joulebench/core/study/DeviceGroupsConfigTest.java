package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.energy.DeviceGroups;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code measurement.device_groups} (issue 18): read into the typed config, and each bad value named with its line. */
class DeviceGroupsConfigTest {

    private static final String HEAD = """
            serving_mode: server
            engine: reference
            runners: {reference: in-process}
            server: {traffic: {rate: 4}}
            """;

    @TempDir
    Path dir;

    @Test
    void groups_are_read_in_name_order_with_their_devices() throws Exception {
        Study study = load(HEAD + """
                reference: {gpus: 4}
                measurement:
                  device_groups: {prefill: [0, 1], decode: [2, 3]}
                """);
        DeviceGroups groups = study.cells().getFirst().experiment().measurement().deviceGroups();
        assertThat(groups.groups()).containsExactly(Map.entry("decode", List.of(2, 3)),
                Map.entry("prefill", List.of(0, 1)));
        assertThat(groups.label()).isEqualTo("decode=2,3;prefill=0,1");
        assertThat(groups.groupOf(1)).isEqualTo("prefill");
        assertThat(groups.groupOf(4)).isNull();
    }

    @Test
    void without_the_key_there_are_no_groups() throws Exception {
        Study study = load(HEAD);
        assertThat(study.cells().getFirst().experiment().measurement().deviceGroups().isEmpty()).isTrue();
    }

    @Test
    void the_key_enters_the_config_hash_only_when_set_so_older_studies_keep_theirs() throws Exception {
        GridCell without = load(HEAD).cells().getFirst();
        com.fasterxml.jackson.databind.node.ObjectNode tree = without.config().deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.path("measurement")).remove("device_groups");
        assertThat(without.configHash()).isEqualTo(CanonicalJson.configHash(tree));
        GridCell with = load(HEAD + "measurement: {device_groups: {decode: [0]}}\n").cells().getFirst();
        assertThat(with.configHash()).isNotEqualTo(without.configHash());
    }

    static Stream<Arguments> badGroups() {
        String four = "reference: {gpus: 4}\nmeasurement:\n  device_groups:\n";
        return Stream.of(
                Arguments.of(four + "    prefill: [0, 1]\n    decode: [1, 2]\n",
                        "measurement.device_groups.decode[0]", 9, "already in group prefill"),
                Arguments.of(four + "    prefill: [0, 0]\n",
                        "measurement.device_groups.prefill[1]", 8, "listed twice in group prefill"),
                Arguments.of(four + "    prefill: [-1]\n", "measurement.device_groups.prefill[0]", 8,
                        "must be in [0, 1000000] (got -1)"),
                Arguments.of(four + "    prefill: []\n", "measurement.device_groups.prefill", 8, "at least 1"),
                Arguments.of(four + "    'pre fill': [0]\n", "measurement.device_groups", 7, "non-empty word"),
                Arguments.of(four + "    '': [0]\n", "measurement.device_groups", 7, "non-empty word"),
                Arguments.of("reference: {gpus: 4}\nstudy_execution: {gpu_indices: [0, 1, 2]}\nmeasurement:\n"
                        + "  device_groups:\n    decode: [2, 3]\n", "measurement.device_groups.decode[1]", 9,
                        "not among study_execution.gpu_indices"),
                Arguments.of("reference: {gpus: 2}\nmeasurement:\n  device_groups:\n    decode: [2]\n",
                        "measurement.device_groups.decode[0]", 8, "the reference engine simulates 2 GPU(s)"),
                Arguments.of("measurement:\n  device_groups: [0, 1]\n", "measurement.device_groups", 6,
                        "a mapping"));
    }

    @ParameterizedTest(name = "{1}: {3}")
    @MethodSource("badGroups")
    void a_bad_group_is_named_with_its_key_and_line(String body, String keyPath, int line, String rule) {
        assertThatThrownBy(() -> load(HEAD + body))
                .isInstanceOfSatisfying(StudyValidationException.class, e -> assertThat(e.errors())
                        .anySatisfy(error -> {
                            assertThat(error.keyPath()).isEqualTo(keyPath);
                            assertThat(error.line()).isEqualTo(line);
                            assertThat(error.format()).contains(rule);
                        }));
    }

    private Study load(String yaml) throws Exception {
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, yaml);
        return new StudyLoader().load(file);
    }
}
