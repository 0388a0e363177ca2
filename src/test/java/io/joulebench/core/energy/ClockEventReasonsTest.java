package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClockEventReasonsTest {

    @Test
    void each_nvml_reason_bit_has_its_nvidia_smi_name() {
        assertThat(ClockEventReasons.names(0x1FFL)).containsExactly("gpu_idle", "applications_clocks_setting",
                "sw_power_cap", "hw_slowdown", "sync_boost", "sw_thermal_slowdown", "hw_thermal_slowdown",
                "hw_power_brake_slowdown", "display_clock_setting");
    }

    @Test
    void joined_names_say_none_for_no_bit_and_name_unknown_bits_by_number() {
        assertThat(ClockEventReasons.joined(0)).isEqualTo("none");
        assertThat(ClockEventReasons.joined(0x44L)).isEqualTo("sw_power_cap;hw_thermal_slowdown");
        assertThat(ClockEventReasons.joined(1L << 12)).isEqualTo("bit_12");
    }

    @Test
    void only_the_thermal_bits_make_a_sample_throttled() {
        assertThat(ClockEventReasons.thermal(0x20L)).isTrue();
        assertThat(ClockEventReasons.thermal(0x40L)).isTrue();
        assertThat(ClockEventReasons.thermal(0x04L | 0x08L | 0x80L)).isFalse();
    }
}
