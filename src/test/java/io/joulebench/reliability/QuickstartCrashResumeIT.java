package io.joulebench.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.testing.JoulebenchChild;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11 "Crash consistency" on the real thing: examples/quickstart.yaml shortened (no warmup, 0.25 s ramp,
 * 0.5 s windows, 16-token outputs, rates 16, 28 and 40 req/s, seven cycles: 21 levels) on the real in-process
 * reference engine and the real session runner, the CLI SIGKILLed at 20 random instants and resumed each time.
 * Afterwards every window id is once in windows.csv and once as a whole bundle, no level is credited twice and no
 * cell is left running. ({@code CrashResumeIT} does the same with a fake session runner, at a finer grain.)
 *
 * <p>The number of kills does not depend on the machine's speed: each run is killed at a random instant within
 * the first level it runs, or within {@value #MAX_JITTER_MILLIS} ms of the start of its second level, so it credits
 * at most one level (a level takes at least {@value #LEVEL_NOMINAL_MILLIS} ms of wall time, ramp and windows, on any
 * machine), and the 21 levels outlast the 20 kills. Every other run is killed early in its second level, after its
 * first was credited, so kills land across the whole study and crediting always progresses; the others are killed
 * in their start-up (reconciling the folder, launching the engine) or anywhere in their first level.
 */
class QuickstartCrashResumeIT {

    private static final int KILLS = 20;
    private static final int CYCLES = 7;
    private static final int LEVELS = 3 * CYCLES;
    private static final int MAX_JITTER_MILLIS = 1000;
    /** Ramp 0.25 s + 3 windows of 0.5 s (no warmup: a short one at 8 req/s may complete no request and fail). */
    private static final int LEVEL_NOMINAL_MILLIS = 1750;

    /** Where in a run's first level the kill is anchored, in progress-line order (the jitter follows). */
    private static final List<String> ANCHORS = List.of("study ", "started, ", "window 1/", "window 2/",
            "window 3/");
    private static final String SECOND_LEVEL = "second level's start";

    @TempDir
    Path tmp;

    @Test
    void sigkill_at_twenty_random_instants_of_the_real_quickstart_then_resume_loses_and_duplicates_nothing()
            throws Exception {
        assertThat(MAX_JITTER_MILLIS).as("a run cannot reach the end of its second level").isLessThan(
                LEVEL_NOMINAL_MILLIS);
        assertThat(LEVELS).as("more levels than runs that can each credit one").isGreaterThan(KILLS);
        String quickstart = Files.readString(Path.of("examples/quickstart.yaml"));
        String shortened = quickstart.replace("ramp_exclusion_seconds: 2", "ramp_exclusion_seconds: 0.25")
                .replace("window_seconds: 5", "window_seconds: 0.5")
                .replace("window_seconds_by_rate: {16: 20, 28: 8, 40: 6}", "window_seconds_by_rate: {}")
                .replace("duration_seconds: 3", "duration_seconds: 0")
                .replace("max_output_tokens: 64", "max_output_tokens: 16")
                .replace("n_cycles: 1", "n_cycles: " + CYCLES);
        assertThat(shortened).contains("window_seconds: 0.5", "window_seconds_by_rate: {}", "duration_seconds: 0",
                "n_cycles: " + CYCLES);
        Path study = Files.writeString(tmp.resolve("quickstart-crash.yaml"), shortened);
        Path home = tmp.resolve("home");
        Random random = new Random(11);
        Path folder = null;
        int credited = 0;
        for (int kill = 0; kill < KILLS; kill++) {
            List<String> args = folder == null
                    ? List.of("run", study.toString(), "--out", tmp.resolve("out").toString())
                    : List.of("resume", folder.toString());
            String anchor = kill % 2 == 1 ? SECOND_LEVEL : ANCHORS.get(random.nextInt(ANCHORS.size()));
            int jitter = random.nextInt(MAX_JITTER_MILLIS);
            try (JoulebenchChild child = JoulebenchChild.start(home, args)) {
                assertThat(child.awaitLine(matcher(anchor), Duration.ofSeconds(90)))
                        .as("kill %d: '%s' line; output:%n%s", kill, anchor, child.output()).isTrue();
                Thread.sleep(jitter);
                assertThat(child.isAlive()).as("kill %d (%s + %d ms) found the run still going; output:%n%s",
                        kill, anchor, jitter, child.output()).isTrue();
                child.signal("KILL");
                child.waitFor(Duration.ofSeconds(30));
            }
            folder = folder != null ? folder : ResultsChecks.onlyFolder(tmp.resolve("out"));
            // what a kill leaves parses before any reconciliation (.tmp-* entries are swept on the next open)
            ResultsChecks.assertEveryFileParsesIgnoringTemp(folder);
            int before = credited;
            credited = (int) Manifest.read(folder.resolve("manifest.json")).entries().stream()
                    .filter(ManifestEntry::credited).count();
            assertThat(credited - before).as("levels credited by run %d", kill).isBetween(0, 1);
            if (anchor.equals(SECOND_LEVEL)) {
                assertThat(credited).as("a run killed in its second level credited its first").isEqualTo(before + 1);
            }
        }
        assertThat(credited).as("levels credited between kills").isBetween(KILLS / 2, LEVELS - 1);

        try (JoulebenchChild last = JoulebenchChild.start(home, List.of("resume", folder.toString()))) {
            assertThat(last.waitFor(Duration.ofSeconds(150))).as(last.output()).isZero();
        }
        ResultsChecks.assertConsistent(folder);
        List<ManifestEntry> cells = Manifest.read(folder.resolve("manifest.json")).entries();
        assertThat(cells).hasSize(LEVELS).allSatisfy(c -> {
            assertThat(c.credited()).isTrue();
            assertThat(c.windowIds()).hasSize(3);
        });
    }

    /** The anchor's progress line; the second level starts at the second "started, " line of the run. */
    private static Predicate<String> matcher(String anchor) {
        if (!anchor.equals(SECOND_LEVEL)) {
            return line -> line.contains(anchor);
        }
        int[] seen = {0};
        return line -> line.contains("started, ") && ++seen[0] == 2;
    }
}
