package io.joulebench.app.results.compare;

import static io.joulebench.core.compare.CompareFixtures.folder;
import static io.joulebench.core.compare.CompareFixtures.level;
import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.fx.UiExecutor;
import io.joulebench.app.results.LoadedStudy;
import io.joulebench.core.compare.ComparisonReport;
import io.joulebench.core.results.WindowsCsvTable;
import io.joulebench.core.slo.LevelMetric;
import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Compare view's state and actions, with the background and UI work run directly (no toolkit). */
class CompareViewModelTest {

    @TempDir
    Path tmp;

    private final ObservableList<LoadedStudy> studies = FXCollections.observableArrayList();
    private final List<String> reported = new ArrayList<>();
    private final List<Runnable> queued = new ArrayList<>();
    private CompareViewModel vm;
    private Path a;
    private Path b;

    @BeforeEach
    void folders() throws IOException {
        a = folder(tmp.resolve("a"), "s", "reference", null, level(8, new double[] {120, 131, 125.5},
                new long[] {1000, 1080, 1010}));
        b = folder(tmp.resolve("b"), "s", "reference", 8, level(8, new double[] {100, 104, 99},
                new long[] {1000, 1010, 990}));
        vm = new CompareViewModel(studies, Runnable::run, UiExecutor.direct(), (m, e) -> reported.add(m),
                Clock.system());
    }

    private void load(Path... dirs) throws IOException {
        for (Path d : dirs) {
            studies.add(new LoadedStudy(d, d.getFileName().toString(), WindowsCsvTable.readFolder(d)));
        }
    }

    @Test
    void loaded_runs_are_ticked_and_compared_with_the_first_as_baseline() throws IOException {
        assertThat(vm.comparisonProperty().get()).isNull();
        load(a, b);
        assertThat(vm.runs()).extracting(Choice::label).containsExactly("a", "b");
        assertThat(vm.comparisonProperty().get().baseline().label()).isEqualTo("max_num_seqs=default");
        assertThat(CompareRows.verdicts(vm.comparisonProperty().get()).get(0))
                .startsWith("max_num_seqs=8 uses 17.1 % less energy per token");
        assertThat(vm.statusProperty().get()).isEqualTo("2 configurations, 2 levels (2 valid); baseline "
                + "max_num_seqs=default");
        assertThat(vm.busyProperty().get()).isFalse();
    }

    @Test
    void the_baseline_latency_and_ticks_recompute_and_a_bad_slo_keeps_the_last_good_one() throws IOException {
        load(a, b);
        vm.baselineProperty().set(vm.runs().get(1));
        assertThat(vm.comparisonProperty().get().baseline().label()).isEqualTo("max_num_seqs=8");
        vm.latencyProperty().set(LevelMetric.E2E_P99);
        assertThat(vm.comparisonProperty().get().latency()).isEqualTo(LevelMetric.E2E_P99);
        vm.sloProperty().set("ttft_p99_ms=50");
        assertThat(vm.applySlo()).isTrue();
        assertThat(vm.comparisonProperty().get().operatingPoints()).noneMatch(o -> o.found());
        vm.sloProperty().set("ttft_p98_ms=50");
        assertThat(vm.applySlo()).isFalse();
        assertThat(vm.inputErrorProperty().get()).startsWith("--slo: unknown key 'ttft_p98_ms'");
        assertThat(vm.comparisonProperty().get().slo().text()).isEqualTo("ttft_p99_ms=50");
        vm.runs().get(1).includedProperty().set(false);
        assertThat(vm.baselineProperty().get()).isNull();
        assertThat(vm.comparisonProperty().get().configurations()).hasSize(1);
        vm.runs().get(0).includedProperty().set(false);
        assertThat(vm.comparisonProperty().get()).isNull();
        assertThat(vm.statusProperty().get()).isEqualTo("Tick the runs to compare.");
    }

    @Test
    void exports_write_the_csv_and_the_report() throws IOException {
        load(a, b);
        Path csv = tmp.resolve("c.csv");
        Path html = tmp.resolve("c.html");
        vm.exportCsv(csv);
        assertThat(vm.statusProperty().get()).isEqualTo("Wrote c.csv");
        vm.exportHtml(html);
        assertThat(WindowsCsvTable.read(csv).rows()).filteredOn(r -> r.raw("row_kind").equals("level")).hasSize(2);
        assertThat(Files.readString(html)).contains("<section id=\"" + ComparisonReport.SECTIONS.get(0) + "\">");
        assertThat(reported).isEmpty();
    }

    @Test
    void reading_happens_on_the_background_executor_and_a_superseded_result_is_dropped() throws IOException {
        vm = new CompareViewModel(studies, queued::add, UiExecutor.direct(), (m, e) -> reported.add(m),
                Clock.system());
        load(a, b);
        assertThat(vm.busyProperty().get()).isTrue();
        assertThat(vm.comparisonProperty().get()).isNull();
        assertThat(queued).hasSize(2); // one per change of the loaded list; only the last may land
        queued.get(1).run();
        assertThat(vm.comparisonProperty().get().configurations()).hasSize(2);
        queued.get(0).run();
        assertThat(vm.comparisonProperty().get().configurations()).hasSize(2);
        assertThat(vm.busyProperty().get()).isFalse();
    }

    @Test
    void a_folder_that_vanished_says_so_in_the_status() throws IOException {
        load(a);
        Files.delete(a.resolve("windows.csv"));
        vm.recompute();
        assertThat(vm.comparisonProperty().get()).isNull();
        assertThat(vm.statusProperty().get()).contains("is not a results folder");
    }

    @Test
    void cells_are_listed_after_reading_and_an_unticked_cell_leaves_the_comparison() throws IOException {
        Path two = folder(tmp.resolve("two"), "s", "reference", 16, new ArrayList<>(List.of(
                io.joulebench.core.compare.CompareFixtures.W.of(8, 100, 1000),
                io.joulebench.core.compare.CompareFixtures.W.of(8, 101, 1000).window(1),
                io.joulebench.core.compare.CompareFixtures.W.of(16, 150, 2000),
                io.joulebench.core.compare.CompareFixtures.W.of(16, 152, 2000).window(1))));
        load(a, two);
        assertThat(vm.cells()).extracting(Choice::toString)
                .containsExactly("8 req/s · cycle 1 · a", "8 req/s · cycle 1 · two", "16 req/s · cycle 1 · two");
        assertThat(vm.comparisonProperty().get().levels()).hasSize(3);
        vm.cells().get(1).includedProperty().set(false);
        assertThat(vm.comparisonProperty().get().levels()).extracting(l -> l.rate()).containsExactly(8.0, 16.0);
        assertThat(vm.comparisonProperty().get().differences()).noneMatch(d -> d.scope()
                == io.joulebench.core.compare.Difference.Scope.RATE);
        assertThat(vm.cells().get(1).includedProperty().get()).isFalse();
    }
}
