package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EnergyProvenanceTest {

    private final EnergyProvenance energy = new EnergyProvenance();

    @Test
    void a_source_that_reads_the_running_server_is_known_from_the_plan() {
        energy.planned("simulated");
        assertThat(energy.kind()).isEqualTo("simulated");
        assertThat(energy.label()).isEqualTo("simulated (reference engine)");
    }

    @Test
    void any_other_source_waits_for_the_first_energy_context_which_gives_kind_and_method() {
        energy.planned("nvml");
        assertThat(energy.kind()).isEmpty();
        assertThat(energy.label()).isEmpty();

        energy.measured(ScriptedRun.SIMULATED);
        assertThat(energy.kind()).isEqualTo("simulated");
        assertThat(energy.label()).isEqualTo("simulated (integrated power, reference engine)");

        energy.planned("simulated"); // a later plan does not overwrite what was measured
        assertThat(energy.label()).isEqualTo("simulated (integrated power, reference engine)");
        energy.clear();
        assertThat(energy.kind()).isEmpty();
    }
}
