package io.joulebench.app.prefs;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.TestServices;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkbenchPreferencesTest {

    private final TestServices services = new TestServices();
    private final WorkbenchPreferences prefs = services.preferences;

    @AfterEach
    void tearDown() throws Exception {
        services.close();
    }

    @Test
    void recent_files_are_most_recent_first_without_duplicates_and_capped(@TempDir Path dir) throws Exception {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            files.add(Files.createFile(dir.resolve("study-" + i + ".yaml")));
            prefs.addRecentStudy(files.get(i));
        }
        prefs.addRecentStudy(files.get(5));
        List<Path> recent = prefs.recentStudies();
        assertThat(recent).hasSize(RecentFiles.MAX).doesNotHaveDuplicates();
        assertThat(recent.get(0)).isEqualTo(files.get(5));
        assertThat(recent.get(1)).isEqualTo(files.get(11));
        assertThat(recent).doesNotContain(files.get(0), files.get(1));
    }

    @Test
    void stored_entries_that_are_blank_malformed_missing_or_repeated_are_dropped(@TempDir Path dir) throws Exception {
        Path kept = Files.createDirectory(dir.resolve("run-1"));
        services.node.put("recentResults", String.join("\n", "", "   ", kept.toString(),
                dir.resolve("deleted").toString(), kept + "/../run-1", kept.toString()));
        assertThat(prefs.recentResults()).containsExactly(kept);
        // Preferences refuse NUL, but a foreign store could hand one over: such entries are skipped too.
        assertThat(RecentFiles.parse("bad\0path\n" + kept)).containsExactly(kept);
    }

    @Test
    void window_bounds_round_trip_and_absent_bounds_give_the_default() {
        assertThat(prefs.windowBounds()).isEqualTo(WindowBounds.DEFAULT);
        prefs.saveWindowBounds(new WindowBounds(40, 30, 1200, 800));
        assertThat(prefs.windowBounds()).isEqualTo(new WindowBounds(40, 30, 1200, 800));
        services.node.putDouble("window.width", -5);
        assertThat(prefs.windowBounds()).isEqualTo(WindowBounds.DEFAULT);
    }

    @Test
    void bounds_from_an_unplugged_monitor_are_moved_back_and_fitted_on_screen() {
        WindowBounds saved = new WindowBounds(3000, 1500, 2400, 300);
        WindowBounds fitted = saved.fitInto(0, 0, 1600, 1000);
        assertThat(fitted).isEqualTo(new WindowBounds(0, 400, 1600, 600));
        assertThat(WindowBounds.DEFAULT.fitInto(0, 0, 1600, 1000).hasPosition()).isFalse();
    }
}
