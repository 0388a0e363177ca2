package io.joulebench.app.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.app.TestServices;
import io.joulebench.app.fx.EnergyBanner;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsViewModelTest {

    private final TestServices services = new TestServices();
    private final ResultsViewModel vm = new ResultsViewModel(services.preferences, services.errors,
            services.folderOpener, ExportRunner.direct());

    @AfterEach
    void tearDown() throws Exception {
        services.close();
    }

    @Test
    void opening_a_results_folder_loads_its_windows_and_remembers_it() {
        assertThat(vm.open(Fixtures.quickstartFolder())).isTrue();
        assertThat(vm.rows()).hasSize(9);
        assertThat(vm.studies()).singleElement().extracting(LoadedStudy::label).asString()
                .startsWith("quickstart — ");
        assertThat(vm.recent()).containsExactly(Fixtures.quickstartFolder());
        assertThat(services.preferences.recentResults()).containsExactly(Fixtures.quickstartFolder());
        assertThat(vm.bannerProperty().get()).isEqualTo(EnergyBanner.SIMULATED);
    }

    @Test
    void a_cut_windows_csv_is_never_shown_and_says_why(@TempDir Path dir) throws Exception {
        Path copy = Fixtures.copyTo(dir, "quickstart-cut");
        Path windows = copy.resolve("windows.csv");
        String text = java.nio.file.Files.readString(windows);
        java.nio.file.Files.writeString(windows, text.substring(0, text.length() - 30));

        assertThat(vm.open(copy)).isFalse();

        assertThat(vm.rows()).isEmpty();
        assertThat(services.errors.messages).singleElement().asString()
                .contains("windows.csv is not whole", "has no line end", "was not used");
    }

    @Test
    void a_folder_without_windows_csv_is_reported_not_thrown(@TempDir Path empty) {
        assertThat(vm.open(empty)).isFalse();
        assertThat(services.errors.messages).singleElement().asString()
                .contains(empty.toString()).contains("windows.csv");
        assertThat(vm.rows()).isEmpty();
    }

    @Test
    void windows_group_by_rate_as_the_ratio_estimate_compare_shows_with_min_max_over_windows_for_one_cycle() {
        vm.open(Fixtures.quickstartFolder());
        assertThat(vm.groups()).extracting(RateGroup::rate).containsExactly(2.0, 8.0, 32.0);
        RateGroup two = vm.groups().get(0);
        List<WindowRow> windows = vm.rows().stream().filter(r -> r.rate().getAsDouble() == 2.0).toList();
        List<Double> values = windows.stream().map(r -> r.jPerToken().getAsDouble()).toList();
        assertThat(two.windows()).isEqualTo(3);
        assertThat(two.basis()).isEqualTo("windows");
        // Σ energy / Σ tokens (not the mean of the windows' J/token), and the very estimate Compare shows
        double energy = windows.stream().mapToDouble(r -> r.number("energy_j").orElseThrow()).sum();
        double tokens = windows.stream().mapToDouble(r -> r.number("output_tokens").orElseThrow()).sum();
        assertThat(two.jPerToken()).isCloseTo(energy / tokens, within(1e-12));
        io.joulebench.core.compare.Estimate compare = io.joulebench.core.compare.Comparer.level(null, 2.0, windows)
                .jPerToken();
        assertThat(two.jPerToken()).isEqualTo(compare.value());
        assertThat(two.ci95Low()).isEqualTo(compare.ciLow());
        assertThat(two.ci95High()).isEqualTo(compare.ciHigh());
        // min–max: each window's own energy / tokens (windows.csv rounds its j_per_token column)
        assertThat(two.minJPerToken()).isCloseTo(values.stream().mapToDouble(d -> d).min().orElseThrow(),
                org.assertj.core.api.Assertions.withinPercentage(0.01));
        assertThat(two.ci95Low()).isLessThan(two.jPerToken());
        assertThat(vm.groups().get(2).invalidWindows()).isEqualTo(3);
    }

    @Test
    void two_runs_of_a_study_give_an_interval_across_cycles(@TempDir Path dir) throws Exception {
        vm.open(Fixtures.quickstartFolder());
        Path second = Fixtures.copyTo(dir, "quickstart-second");
        // The second run measured 10 % more energy per token: rewrite its cycle to 2 and scale J/token.
        WindowsCsvTable table = WindowsCsvTable.readFolder(second);
        List<WindowRow> rows = table.rows().stream().map(r -> {
            var cells = new java.util.LinkedHashMap<>(r.cells());
            cells.put("cycle", "2");
            cells.put("j_per_token", Double.toString(r.jPerToken().getAsDouble() * 1.1));
            cells.put("energy_j", Double.toString(r.number("energy_j").orElseThrow() * 1.1));
            return new WindowRow(cells);
        }).toList();
        io.joulebench.core.results.WindowsCsvExporter.write(rows, second.resolve("windows.csv"), (d, t) -> { });
        vm.open(second);
        vm.selectedStudyProperty().set(null); // the second run arrived chosen: show both
        RateGroup eight = vm.groups().get(1);
        assertThat(eight.cycles()).isEqualTo(2);
        assertThat(eight.basis()).isEqualTo("cycles");
        assertThat(eight.maxJPerToken() / eight.minJPerToken()).isCloseTo(1.1, within(1e-9));
        // Two cycles with equal tokens T and energies E, 1.1 E: R = 1.05 E/T, residuals ∓0.05 E, so the ratio
        // estimator's se = sqrt(2 · 0.0025 E² / (2 · 1)) / T = 0.05 E/T = (max − min) / 2 of the cycles' J/token;
        // t(0.975, 1) = 12.706204736174703 (scipy.stats.t.ppf): the interval of two cycles is wide.
        assertThat(eight.ci95High() - eight.jPerToken())
                .isCloseTo(12.706204736174703 * (eight.maxJPerToken() - eight.minJPerToken()) / 2, within(1e-9));
        vm.groupByCycleProperty().set(true);
        assertThat(vm.groups()).hasSize(6).extracting(RateGroup::cycle).containsExactly(1, 2, 1, 2, 1, 2);
    }

    @Test
    void plots_have_one_series_per_study_and_mark_the_cheapest_rate_that_met_the_slo() {
        vm.open(Fixtures.quickstartFolder());
        PlotModel plots = vm.plotsProperty().get();
        assertThat(plots.jPerToken()).singleElement().extracting(PlotModel.Series::name).isEqualTo("quickstart");
        assertThat(plots.ttftP99().get(0).points()).extracting(PlotModel.Point::rate).containsExactly(2.0, 8.0, 32.0);
        // 32 req/s is cheapest per token but fails the SLO, so 8 req/s is the optimum under it.
        assertThat(plots.optima()).singleElement().extracting(PlotModel.Optimum::rate).isEqualTo(8.0);
    }

    @Test
    void export_takes_the_selection_when_asked_and_all_rows_otherwise() {
        vm.open(Fixtures.quickstartFolder());
        assertThat(vm.rowsToExport(true)).hasSize(9);
        vm.selection().setAll(vm.rows().subList(0, 2));
        assertThat(vm.rowsToExport(true)).hasSize(2);
        assertThat(vm.rowsToExport(false)).hasSize(9);
    }

    @Test
    void export_all_writes_a_csv_with_a_row_per_window_through_the_cli_writer(@TempDir Path dir) throws Exception {
        vm.open(Fixtures.quickstartFolder());
        Path out = dir.resolve("exports/all.csv");
        vm.export(false, out);

        assertThat(services.errors.messages).isEmpty();
        WindowsCsvTable written = WindowsCsvTable.read(out);
        assertThat(written.rows()).hasSize(9);
        assertThat(written.rows()).extracting(WindowRow::experimentId)
                .containsExactlyElementsOf(vm.rows().stream().map(WindowRow::experimentId).toList());
        // Byte for byte what `joulebench export` writes for the same rows.
        Path cli = io.joulebench.core.results.WindowsCsvExporter.write(vm.rows(), dir.resolve("cli.csv"), (d, t) -> { });
        assertThat(Files.readString(out)).isEqualTo(Files.readString(cli));
        assertThat(vm.exportingProperty().get()).isFalse();
        assertThat(vm.exportProgressProperty().get()).isEqualTo(1.0);
        assertThat(vm.exportStatusProperty().get()).isEqualTo("Wrote 9 windows to all.csv");
    }

    @Test
    void export_selected_writes_only_the_selection_and_reports_progress_per_row(@TempDir Path dir) throws Exception {
        List<Double> progress = new java.util.ArrayList<>();
        vm.exportProgressProperty().addListener((o, a, b) -> progress.add(b.doubleValue()));
        vm.open(Fixtures.quickstartFolder());
        vm.selection().setAll(vm.rows().subList(3, 6));
        Path out = dir.resolve("selected.csv");
        vm.export(true, out);

        assertThat(WindowsCsvTable.read(out).rows()).extracting(WindowRow::experimentId)
                .containsExactly(vm.rows().get(3).experimentId(), vm.rows().get(4).experimentId(),
                        vm.rows().get(5).experimentId());
        assertThat(progress).startsWith(0.0).contains(1.0 / 3, 2.0 / 3).endsWith(1.0);
    }

    @Test
    void a_failed_export_is_reported_once_naming_the_target_and_leaves_nothing_behind(@TempDir Path dir)
            throws Exception {
        vm.open(Fixtures.quickstartFolder());
        Path blocker = Files.writeString(dir.resolve("not-a-folder"), "x");
        Path out = blocker.resolve("windows.csv");
        vm.export(false, out);

        assertThat(services.errors.messages).singleElement().asString()
                .startsWith("Export to " + out + " failed").contains("writable");
        assertThat(vm.exportingProperty().get()).isFalse();
        assertThat(vm.exportStatusProperty().get()).isEqualTo("Export failed");
        assertThat(Files.exists(out)).isFalse();
    }

    @Test
    void the_bundle_folder_of_a_window_is_opened_or_else_its_results_folder() {
        vm.open(Fixtures.quickstartFolder());
        WindowRow first = vm.rows().get(0);
        WindowRow last = vm.rows().get(8);
        assertThat(vm.bundleFolder(first)).isEqualTo(Fixtures.quickstartFolder().resolve(first.experimentId()));
        assertThat(Files.isDirectory(vm.bundleFolder(first))).isTrue();
        assertThat(vm.bundleFolder(last)).isEqualTo(Fixtures.quickstartFolder());
        vm.selection().setAll(first);
        vm.openBundleFolder();
        assertThat(services.opened).containsExactly(vm.bundleFolder(first));
    }

    @Test
    void a_desktop_without_a_file_browser_shows_the_folder_to_copy() throws Exception {
        ResultsViewModel headless = new ResultsViewModel(services.preferences, services.errors, folder -> {
            throw new java.io.IOException("no desktop");
        }, ExportRunner.direct());
        headless.open(Fixtures.quickstartFolder());
        headless.openBundleFolder();
        assertThat(headless.folderNoticeProperty().get()).contains("no desktop");
        assertThat(headless.unopenedFolderProperty().get()).isEqualTo(Fixtures.quickstartFolder());
        assertThat(headless.openingFolderProperty().get()).isFalse();
        assertThat(services.errors.messages).isEmpty();
        headless.dismissFolderNotice();
        assertThat(headless.unopenedFolderProperty().get()).isNull();
    }

    @Test
    void a_file_browser_that_never_answers_blocks_neither_the_caller_nor_the_next_request() throws Exception {
        java.util.concurrent.CountDownLatch never = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.ExecutorService background = java.util.concurrent.Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "test-opener");
            t.setDaemon(true);
            return t;
        });
        java.util.concurrent.BlockingQueue<Runnable> uiQueue = new java.util.concurrent.LinkedBlockingQueue<>();
        ResultsViewModel parked = new ResultsViewModel(services.preferences, services.errors,
                new io.joulebench.app.fx.BoundedFolderOpener(folder -> {
                    calls.incrementAndGet();
                    try {
                        never.await(); // like AWT's Desktop.open parked in gnome_url_show
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }, background, uiQueue::add, java.time.Duration.ofMillis(200)), ExportRunner.direct());
        try {
            parked.open(Fixtures.quickstartFolder());
            org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(2),
                    parked::openBundleFolder);
            assertThat(parked.openingFolderProperty().get()).isTrue();
            uiQueue.take().run(); // the timeout's outcome, handed to the UI thread
            assertThat(parked.openingFolderProperty().get()).isFalse();
            assertThat(parked.unopenedFolderProperty().get()).isEqualTo(Fixtures.quickstartFolder());
            assertThat(parked.folderNoticeProperty().get()).contains("no answer from the file browser");
            // The parked desktop is not asked again: the path shows at once.
            parked.dismissFolderNotice();
            parked.openBundleFolder();
            uiQueue.take().run();
            assertThat(parked.unopenedFolderProperty().get()).isEqualTo(Fixtures.quickstartFolder());
            assertThat(calls).hasValue(1);
        } finally {
            never.countDown();
            background.shutdownNow();
        }
    }

    @Test
    void the_shown_results_folder_follows_the_chosen_loaded_study(@TempDir Path copy) throws Exception {
        assertThat(vm.shownFolderProperty().get()).isNull();
        vm.open(Fixtures.quickstartFolder());
        assertThat(vm.shownFolderProperty().get()).isEqualTo(Fixtures.quickstartFolder());
        Path second = copy.resolve("second");
        Files.createDirectories(second);
        Files.copy(Fixtures.quickstartFolder().resolve("windows.csv"), second.resolve("windows.csv"));
        vm.open(second);
        vm.selectedStudyProperty().set(vm.studies().get(1));
        assertThat(vm.shownFolderProperty().get()).isEqualTo(second.toAbsolutePath().normalize());
        vm.close(vm.studies().get(1));
        assertThat(vm.shownFolderProperty().get()).isEqualTo(Fixtures.quickstartFolder());
    }

    @Test
    void choosing_a_loaded_run_shows_only_its_windows_and_none_shows_all(@TempDir Path copy) throws Exception {
        vm.open(Fixtures.quickstartFolder());
        Path second = copy.resolve("second");
        Files.createDirectories(second);
        Files.writeString(second.resolve("windows.csv"), Files.readAllLines(Fixtures.quickstartFolder()
                .resolve("windows.csv")).subList(0, 3).stream().reduce((a, b) -> a + "\n" + b).orElseThrow() + "\n");
        vm.open(second);
        vm.selectedStudyProperty().set(null); // the second run arrived chosen: show both
        assertThat(vm.rows()).hasSize(11);
        assertThat(vm.studyOf(vm.rows().get(10)).folder()).isEqualTo(second.toAbsolutePath().normalize());
        vm.selectedStudyProperty().set(vm.studies().get(1));
        assertThat(vm.rows()).hasSize(2);
        assertThat(vm.rowsToExport(false)).hasSize(2);
        vm.selectedStudyProperty().set(null);
        assertThat(vm.rows()).hasSize(11);
    }

    @Test
    void a_run_that_arrives_is_chosen_and_no_window_of_another_run_stays_selected(@TempDir Path copy)
            throws Exception {
        // Issue 35 item 11: the old choice stayed, and the energy tab kept showing another study's windows.
        vm.open(Fixtures.quickstartFolder());
        vm.selectedStudyProperty().set(vm.studies().get(0));
        vm.selection().setAll(vm.rows().get(0));
        Path second = copy.resolve("second");
        Files.createDirectories(second);
        Files.copy(Fixtures.quickstartFolder().resolve("windows.csv"), second.resolve("windows.csv"));
        vm.open(second);
        assertThat(vm.selectedStudyProperty().get().folder()).isEqualTo(second.toAbsolutePath().normalize());
        assertThat(vm.selection()).isEmpty();
        assertThat(vm.rows()).allSatisfy(r -> assertThat(vm.studyOf(r).folder())
                .isEqualTo(second.toAbsolutePath().normalize()));
    }

    @Test
    void simulated_windows_give_the_plots_a_label_to_carry_inside_their_images(@TempDir Path copy)
            throws Exception {
        // Issue 35 item 7: a saved plot of simulated data had no label; the banner sat outside the chart.
        Path measured = copy.resolve("measured");
        Files.createDirectories(measured);
        Files.writeString(measured.resolve("windows.csv"), Files.readString(Fixtures.quickstartFolder()
                .resolve("windows.csv")).replace(",simulated,", ",measured,"));
        vm.open(measured);
        assertThat(vm.imageLabelProperty().get()).isEmpty();
        vm.open(Fixtures.quickstartFolder()); // the reference engine's simulated energy
        assertThat(vm.imageLabelProperty().get()).isEqualTo("SIMULATED");
    }

    @Test
    void a_runs_label_from_its_manifest_names_it_in_the_list(@TempDir Path copy) throws Exception {
        // Issue 35 item 13: the label given to `run --label` is shown in Results (and, by the same label, Compare).
        Path labelled = copy.resolve("quickstart-20250601T111500Z");
        Files.createDirectories(labelled);
        Files.copy(Fixtures.quickstartFolder().resolve("windows.csv"), labelled.resolve("windows.csv"));
        Files.writeString(labelled.resolve("manifest.json"), "{\"study_name\": \"quickstart\", \"run_label\": "
                + "\"new driver\", \"cells\": []}");
        vm.open(labelled);
        LoadedStudy s = vm.studies().get(0);
        assertThat(s.runLabel()).isEqualTo("new driver");
        assertThat(s.label()).contains("new driver");
        assertThat(s.toString()).contains("new driver");
    }

    @Test
    void the_default_results_folders_runs_are_listed_unchosen_and_not_made_recent(@TempDir Path root)
            throws Exception {
        // Issue 35 item 13: Results started empty although the default results folder held runs.
        for (String name : List.of("quickstart-20250601T101500Z", "quickstart-20250602T101500Z")) {
            Files.createDirectories(root.resolve(name));
            Files.copy(Fixtures.quickstartFolder().resolve("windows.csv"), root.resolve(name).resolve("windows.csv"));
        }
        Files.createDirectories(root.resolve("not-a-run"));
        vm.listRunsIn(root, 20);
        assertThat(vm.studies()).extracting(s -> s.folder().getFileName().toString())
                .containsExactlyInAnyOrder("quickstart-20250601T101500Z", "quickstart-20250602T101500Z");
        assertThat(vm.selectedStudyProperty().get()).isNull();
        assertThat(vm.recent()).isEmpty();
        vm.listRunsIn(root.resolve("missing"), 20); // no default folder yet: nothing, no error
        assertThat(services.errors.messages).isEmpty();
    }

    @Test
    void closing_a_study_removes_its_windows() {
        vm.open(Fixtures.quickstartFolder());
        vm.close(vm.studies().get(0));
        assertThat(vm.rows()).isEmpty();
        assertThat(vm.groups()).isEmpty();
        assertThat(vm.bannerProperty().get()).isEmpty();
    }

    @Test
    void a_folder_opened_in_the_background_is_read_off_the_ui_thread_and_counted_until_it_arrives() {
        java.util.ArrayDeque<Runnable> reads = new java.util.ArrayDeque<>();
        java.util.ArrayDeque<Runnable> uiHops = new java.util.ArrayDeque<>();
        ResultsViewModel background = new ResultsViewModel(services.preferences, services.errors,
                io.joulebench.app.fx.BoundedFolderOpener.direct(services.folderOpener), ExportRunner.direct(),
                reads::add, uiHops::add);

        background.openInBackground(Fixtures.quickstartFolder());
        assertThat(background.readingProperty().get()).isEqualTo(1);
        assertThat(reads).hasSize(1);
        assertThat(background.rows()).as("nothing read on the calling thread").isEmpty();

        reads.poll().run();
        assertThat(background.rows()).as("read, not yet handed to the UI").isEmpty();
        uiHops.poll().run();
        assertThat(background.rows()).hasSize(9);
        assertThat(background.readingProperty().get()).isZero();

        background.openInBackground(Fixtures.quickstartFolder().resolve("no-such-folder"));
        reads.poll().run();
        uiHops.poll().run();
        assertThat(background.readingProperty().get()).isZero();
        assertThat(services.errors.messages).singleElement().asString().contains("no-such-folder");
    }

    @Test
    void the_rate_axis_turns_log_for_a_geometric_sweep_and_a_regroup_keeps_the_users_choice() {
        vm.open(Fixtures.quickstartFolder()); // 2, 8, 32 req/s
        assertThat(vm.logRateAxisProperty().get()).isTrue();
        vm.logRateAxisProperty().set(false);
        vm.groupByCycleProperty().set(true); // the same rates, regrouped
        assertThat(vm.logRateAxisProperty().get()).isFalse();
    }
}
