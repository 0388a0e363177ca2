package io.joulebench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.energy.EnergySource;
import io.joulebench.core.server.EnginePreset;
import io.joulebench.core.study.ExperimentOrder;
import io.joulebench.core.study.StudyDefaults;
import io.joulebench.core.traffic.ArrivalProcess;
import io.joulebench.core.warmup.WarmupMode;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class StudyFormTest {

    private final Map<String, FormField> fields = StudyForm.fields().stream()
            .collect(Collectors.toMap(FormField::key, f -> f));

    @Test
    void an_empty_fields_prompt_is_cores_default_for_its_key_not_a_copy_of_it() {
        // Issue 15 item 3: the form re-typed the loader's defaults.
        for (FormField f : StudyForm.fields()) {
            StudyDefaults.of(f.path()).ifPresent(d -> assertThat(f.defaultText()).as(f.key()).isEqualTo(d));
        }
        assertThat(fields.get("window_seconds").defaultText()).isEqualTo("240");
        assertThat(fields.get("cv_threshold").defaultText()).isEqualTo("0.05");
        assertThat(fields.get("warmup_mode").defaultText()).isEqualTo("composite");
        assertThat(fields.get("max_output_tokens").defaultText()).isEqualTo("256");
    }

    @Test
    void a_key_core_leaves_absent_says_what_empty_means() {
        assertThat(StudyDefaults.of("server.traffic.seed")).isEmpty();
        assertThat(fields.get("seed").defaultText()).isEqualTo("new each run");
        assertThat(fields.get("concurrency_cap").defaultText()).isEqualTo("uncapped");
        assertThat(StudyForm.WHEN_ABSENT.keySet()).allSatisfy(key ->
                assertThat(StudyDefaults.of(fields.get(key).path())).as(key + " has no core default").isEmpty());
    }

    @Test
    void a_choice_offers_exactly_what_cores_schema_accepts() {
        // Issue 15 item 3: arrival, warmup mode and order were typed by hand beside their enums.
        assertThat(fields.get("arrival").choices()).isEqualTo(ArrivalProcess.choices());
        assertThat(fields.get("warmup_mode").choices()).isEqualTo(WarmupMode.labels());
        assertThat(fields.get("order").choices()).isEqualTo(ExperimentOrder.wires());
        assertThat(fields.get("energy_sampler").choices()).isEqualTo(EnergySource.wires());
        assertThat(fields.get("engine").choices()).isEqualTo(EnginePreset.ids());
        for (FormField f : StudyForm.fields()) {
            if (f.kind() == FormField.Kind.CHOICE) {
                assertThat(f.choices()).as(f.key()).isEqualTo(StudyDefaults.choices(f.path())).isNotEmpty();
            }
        }
    }
}
