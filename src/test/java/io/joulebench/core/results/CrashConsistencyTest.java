package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.csv.CsvReader;
import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import io.joulebench.core.time.VirtualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A crash between any two durable steps of crediting, then resume: every window exactly once, nothing half-written. */
class CrashConsistencyTest {

    @TempDir
    Path tmp;

    /** Stands in for kill -9: an Error nothing in the harness catches, thrown at the n-th arrival at a point. */
    static final class SimulatedCrash extends Error {
    }

    static CrashHook crashAt(String point, int occurrence) {
        int[] seen = {0};
        return p -> {
            if (p.equals(point) && ++seen[0] == occurrence) {
                throw new SimulatedCrash();
            }
        };
    }

    @ParameterizedTest(name = "crash at {0} #{1}")
    @CsvSource({"bundle-partial,1", "bundle-partial,2", "bundle-partial,5", "bundle-written,1", "bundle-written,3",
        "bundle-written,6", "rows-appended,1", "rows-appended,2", "credited,1", "credited,2", "credited,3"})
    void a_crash_at_any_step_then_resume_leaves_every_window_once(String point, int occurrence) throws Exception {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "quick.yaml", Studies.QUICK));
        ResultsFolder folder = ResultsFolder.create(tmp.resolve("out"), plan, Clock.system(),
                crashAt(point, occurrence));
        StudyRunner runner = new StudyRunner(new FakeSessionRunner(0), VirtualClock.atSeconds(0));
        assertThatThrownBy(() -> runner.continueIn(folder, plan, StudyRunListener.NONE))
                .isInstanceOf(SimulatedCrash.class);
        assertEveryFileParses(folder.dir());
        StudyRunResult done = new StudyRunner(new FakeSessionRunner(0), VirtualClock.atSeconds(0))
                .resume(folder.dir(), null, StudyRunListener.NONE);
        assertConsistent(done.folder(), 9);
    }

    /**
     * A bundle write that fails (a full disk, a cut I/O call) leaves no temp folder behind:
     * a run that ends cleanly leaves a clean results folder, not one that needs the next open to sweep it.
     */
    @Test
    void a_failed_bundle_write_leaves_no_temp_folder() throws Exception {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "quick.yaml", Studies.QUICK));
        int[] seen = {0};
        CrashHook diskFull = p -> {
            if (p.equals("bundle-partial") && ++seen[0] == 2) {
                throw new IOException("No space left on device");
            }
        };
        ResultsFolder folder = ResultsFolder.create(tmp.resolve("out"), plan, Clock.system(), diskFull);
        new StudyRunner(new FakeSessionRunner(0), VirtualClock.atSeconds(0))
                .continueIn(folder, plan, StudyRunListener.NONE);
        try (Stream<Path> s = Files.walk(folder.dir())) {
            assertThat(s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(AtomicFiles.TEMP_PREFIX)))
                    .as("temp entries after a failed bundle write").isEmpty();
        }
        assertThat(seen[0]).as("the failing write was reached").isEqualTo(2);
    }

    @Test
    void a_torn_row_and_a_stray_bundle_are_dropped_on_open() throws IOException {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "quick.yaml", Studies.QUICK));
        ResultsFolder folder = ResultsFolder.create(tmp.resolve("out"), plan, Clock.system(), crashAt("credited", 2));
        assertThatThrownBy(() -> new StudyRunner(new FakeSessionRunner(0), VirtualClock.atSeconds(0))
                .continueIn(folder, plan, StudyRunListener.NONE)).isInstanceOf(SimulatedCrash.class);
        Path csv = folder.dir().resolve("windows.csv");
        Files.writeString(csv, "server-0123456789abcdef-c1-L9-W0,quick,abc,012", java.nio.file.StandardOpenOption.APPEND);
        Files.createDirectory(folder.dir().resolve("server-0123456789abcdef-c1-L9-W0"));
        Files.createDirectory(folder.dir().resolve(".tmp-server-0123456789abcdef-c1-L9-W1-x"));
        ResultsFolder reopened = ResultsFolder.open(folder.dir(), plan, Clock.system());
        assertThat(reopened.entries()).filteredOn(ManifestEntry::credited).hasSize(2);
        assertConsistent(folder.dir(), 6);
        assertThat(folder.dir().resolve("server-0123456789abcdef-c1-L9-W0")).doesNotExist();
    }

    @Test
    void a_credited_cell_whose_bundle_vanished_is_uncredited_and_rerun() throws Exception {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "quick.yaml", Studies.QUICK));
        StudyRunResult r = new StudyRunner(new FakeSessionRunner(0), VirtualClock.atSeconds(0))
                .run(plan.study(), tmp.resolve("out"), StudyRunListener.NONE);
        String lost = r.entries().get(2).windowIds().get(1);
        Files.delete(r.folder().resolve(lost).resolve("result.json"));
        FakeSessionRunner again = new FakeSessionRunner(0);
        new StudyRunner(again, VirtualClock.atSeconds(0)).resume(r.folder(), null, StudyRunListener.NONE);
        assertThat(again.groups).hasSize(1);
        assertThat(again.groups.get(0)).hasSize(1);
        assertConsistent(r.folder(), 9);
    }

    /** Every window id once in windows.csv, once as a bundle, once in the manifest; every bundle whole; none running. */
    static void assertConsistent(Path dir, int windows) throws IOException {
        assertEveryFileParses(dir);
        List<WindowRow> rows = WindowsCsvTable.readFolder(dir).rows();
        List<String> rowIds = rows.stream().map(WindowRow::experimentId).toList();
        assertThat(rowIds).hasSize(windows).doesNotHaveDuplicates();
        Set<String> bundles = new HashSet<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(Files::isDirectory).forEach(p -> bundles.add(p.getFileName().toString()));
        }
        assertThat(bundles).containsExactlyInAnyOrderElementsOf(rowIds);
        Manifest m = Manifest.read(dir.resolve("manifest.json"));
        List<String> credited = m.entries().stream().flatMap(e -> e.windowIds().stream()).toList();
        assertThat(credited).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(rowIds);
        assertThat(m.entries()).noneMatch(e -> e.status() == CellStatus.RUNNING);
    }

    static void assertEveryFileParses(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                String name = p.getFileName().toString();
                if (name.endsWith(".json")) {
                    ResultsJson.read(p);
                } else if (name.endsWith(".csv")) {
                    new CsvReader(Files.newBufferedReader(p)).readAll();
                } else if (name.endsWith(".parquet")) {
                    byte[] b = Files.readAllBytes(p);
                    assertThat(new String(b, 0, 4, java.nio.charset.StandardCharsets.US_ASCII)
                            + new String(b, b.length - 4, 4, java.nio.charset.StandardCharsets.US_ASCII))
                            .as(p + " is a whole Parquet file").isEqualTo("PAR1PAR1");
                }
            }
        }
    }
}
