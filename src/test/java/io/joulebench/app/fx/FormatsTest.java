package io.joulebench.app.fx;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FormatsTest {

    @Test
    void significant_digits_with_a_cap_on_decimals_keep_table_numbers_short() {
        assertThat(Formats.significant(0.627355, 4, 4)).isEqualTo("0.6274");
        assertThat(Formats.significant(0.0071234, 4, 4)).isEqualTo("0.0071");
        assertThat(Formats.significant(403.847273, 4, 4)).isEqualTo("403.8");
        assertThat(Formats.significant(12345.6, 4, 4)).isEqualTo("12346");
        assertThat(Formats.significant(1344000.4, 4, 4)).isEqualTo("1344000");
        assertThat(Formats.significant(2.0, 4, 4)).isEqualTo("2");
        assertThat(Formats.significant(0, 4, 4)).isEqualTo("0");
        assertThat(Formats.significant(Double.NaN, 4, 4)).isEqualTo("—");
    }
}
