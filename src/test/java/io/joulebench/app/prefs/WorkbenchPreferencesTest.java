package io.joulebench.app.prefs;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.server.HostEnvironment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkbenchPreferencesTest {

    @TempDir
    Path userFolder;

    private Path file() {
        return userFolder.resolve(".joulebench").resolve(WorkbenchPreferences.FILE_NAME);
    }

    private WorkbenchPreferences prefs() {
        return new WorkbenchPreferences(file());
    }

    @Test
    void recent_files_are_most_recent_first_without_duplicates_and_capped(@TempDir Path dir) throws Exception {
        WorkbenchPreferences prefs = prefs();
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            files.add(Files.createFile(dir.resolve("study-" + i + ".yaml")));
            prefs.addRecentStudy(files.get(i));
        }
        prefs.addRecentStudy(files.get(5));
        List<Path> recent = prefs().recentStudies();
        assertThat(recent).hasSize(RecentFiles.MAX).doesNotHaveDuplicates();
        assertThat(recent.get(0)).isEqualTo(files.get(5));
        assertThat(recent.get(1)).isEqualTo(files.get(11));
        assertThat(recent).doesNotContain(files.get(0), files.get(1));
    }

    @Test
    void everything_is_kept_in_one_json_file_in_the_user_folder_and_nowhere_else(@TempDir Path dir) throws Exception {
        Path study = Files.createFile(dir.resolve("a.yaml"));
        Path results = Files.createDirectory(dir.resolve("run-1"));
        WorkbenchPreferences prefs = prefs();
        prefs.addRecentStudy(study);
        prefs.addRecentResults(results);
        prefs.saveWindowBounds(new WindowBounds(40, 30, 1200, 800));

        try (Stream<Path> files = Files.walk(userFolder)) {
            assertThat(files.filter(Files::isRegularFile)).containsExactly(file());
        }
        String json = Files.readString(file(), StandardCharsets.UTF_8);
        assertThat(json).contains("\"recent_studies\"", "\"recent_results\"", "\"window\"", "\"width\" : 1200.0");
        WorkbenchPreferences reread = prefs();
        assertThat(reread.recentStudies()).containsExactly(study);
        assertThat(reread.recentResults()).containsExactly(results);
        assertThat(reread.windowBounds()).isEqualTo(new WindowBounds(40, 30, 1200, 800));
    }

    @Test
    void stored_entries_that_are_blank_malformed_missing_or_repeated_are_dropped(@TempDir Path dir) throws Exception {
        Path kept = Files.createDirectory(dir.resolve("run-1"));
        Files.createDirectories(file().getParent());
        Files.writeString(file(), "{\"recent_results\": [\"\", \"   \", 7, \"" + kept + "\", \""
                + dir.resolve("deleted") + "\", \"" + kept + "/../run-1\", \"bad\\u0000path\", \"" + kept + "\"]}");
        assertThat(prefs().recentResults()).containsExactly(kept);
    }

    @Test
    void a_missing_or_malformed_file_means_nothing_remembered_and_is_replaced_on_the_next_save() throws Exception {
        assertThat(prefs().windowBounds()).isEqualTo(WindowBounds.DEFAULT);
        assertThat(prefs().recentStudies()).isEmpty();
        Files.createDirectories(file().getParent());
        Files.writeString(file(), "{not json");
        assertThat(prefs().windowBounds()).isEqualTo(WindowBounds.DEFAULT);
        prefs().saveWindowBounds(new WindowBounds(Double.NaN, Double.NaN, 1000, 700));
        assertThat(prefs().windowBounds()).isEqualTo(new WindowBounds(Double.NaN, Double.NaN, 1000, 700));
    }

    @Test
    void window_bounds_round_trip_and_unusable_bounds_give_the_default() throws Exception {
        WorkbenchPreferences prefs = prefs();
        assertThat(prefs.windowBounds()).isEqualTo(WindowBounds.DEFAULT);
        prefs.saveWindowBounds(new WindowBounds(40, 30, 1200, 800));
        assertThat(prefs.windowBounds()).isEqualTo(new WindowBounds(40, 30, 1200, 800));
        Files.writeString(file(), "{\"window\": {\"x\": 1, \"y\": 2, \"width\": -5, \"height\": 600}}");
        assertThat(prefs.windowBounds()).isEqualTo(WindowBounds.DEFAULT);
    }

    @Test
    void the_users_file_sits_in_the_joulebench_user_folder_beside_the_pid_files() {
        HostEnvironment host = new HostEnvironment(Path.of("/home/someone"), null,
                io.joulebench.core.time.Clock.system());
        Path file = WorkbenchPreferences.forHost(host).file();
        assertThat(file).isEqualTo(Path.of("/home/someone", ".joulebench", "workbench.json"));
        assertThat(file.getParent()).isEqualTo(host.processStateDir().getParent());
    }

    @Test
    void bounds_from_an_unplugged_monitor_are_moved_back_and_fitted_on_screen() {
        WindowBounds saved = new WindowBounds(3000, 1500, 2400, 300);
        WindowBounds fitted = saved.fitInto(0, 0, 1600, 1000);
        assertThat(fitted).isEqualTo(new WindowBounds(0, 400, 1600, 600));
        assertThat(WindowBounds.DEFAULT.fitInto(0, 0, 1600, 1000).hasPosition()).isFalse();
    }
}
