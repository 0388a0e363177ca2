package io.joulebench.app.results.energy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Issue 31: Energy by device numbers levels and windows from 1, as the live view and the Results table do. */
class DeviceLineTest {

    private static DeviceLine line(String level, String window) {
        return new DeviceLine("w-id", level, window, "gpu", "0", "H100", "hopper", "", 10.0, 100.0, "measured",
                "counter", "nvml");
    }

    @Test
    void level_and_window_read_from_one_while_the_line_keeps_the_files_index() {
        DeviceLine l = line("0", "2");

        assertThat(l.levelShown()).isEqualTo("1");
        assertThat(l.windowShown()).isEqualTo("3");
        assertThat(l.level()).isEqualTo("0");
        assertThat(l.windowIndex()).isEqualTo("2");
    }

    @Test
    void a_line_without_an_index_shows_none() {
        assertThat(line("", "").levelShown()).isEmpty();
    }
}
