package io.joulebench.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11 "Crash consistency" on the real thing: examples/quickstart.yaml shortened (0.5 s ramp, 1.5 s warmup,
 * 1 s windows, 16-token outputs, rates 8, 16 and 32 req/s, three cycles: 9 levels) on the real in-process reference
 * engine and the real session runner, the CLI SIGKILLed at 20 random instants and resumed each time. Afterwards every window id is once in windows.csv and once as
 * a whole bundle, no level is credited twice and no cell is left running. ({@code CrashResumeIT} does the same with a
 * fake session runner, at a finer grain.)
 */
class QuickstartCrashResumeIT {

    private static final int KILLS = 20;

    @TempDir
    Path tmp;

    @Test
    void sigkill_at_twenty_random_instants_of_the_real_quickstart_then_resume_loses_and_duplicates_nothing()
            throws Exception {
        String quickstart = Files.readString(Path.of("examples/quickstart.yaml"));
        String shortened = quickstart.replace("ramp_exclusion_seconds: 2", "ramp_exclusion_seconds: 0.5")
                .replace("window_seconds: 5", "window_seconds: 1")
                .replace("duration_seconds: 3", "duration_seconds: 1.5")
                .replace("max_output_tokens: 64", "max_output_tokens: 16")
                .replace("[2, 8, 32]", "[8, 16, 32]") // 2 req/s may issue nothing in a short warmup
                .replace("n_cycles: 1", "n_cycles: 3");
        assertThat(shortened).contains("window_seconds: 1").contains("n_cycles: 3");
        Path study = Files.writeString(tmp.resolve("quickstart-crash.yaml"), shortened);
        Path home = tmp.resolve("home");
        Random random = new Random(11);
        Path folder = null;
        int kills = 0;
        int credited = 0;
        for (int attempt = 0; kills < KILLS && attempt < 40; attempt++) {
            List<String> args = folder == null
                    ? List.of("run", study.toString(), "--out", tmp.resolve("out").toString())
                    : List.of("resume", folder.toString());
            try (JoulebenchChild child = JoulebenchChild.start(home, args)) {
                if (child.awaitLine("study ", Duration.ofSeconds(60))) {
                    Thread.sleep(random.nextInt(8000));
                }
                boolean alive = child.isAlive();
                child.signal("KILL");
                int exit = child.waitFor(Duration.ofSeconds(30));
                if (alive) {
                    kills++;
                } else {
                    assertThat(exit).as(child.output()).isZero();
                }
            }
            folder = folder != null ? folder : ResultsChecks.onlyFolder(tmp.resolve("out"));
            // what a kill leaves parses before any reconciliation (.tmp-* entries are swept on the next open)
            ResultsChecks.assertEveryFileParsesIgnoringTemp(folder);
            credited = (int) Manifest.read(folder.resolve("manifest.json")).entries().stream()
                    .filter(ManifestEntry::credited).count();
            if (credited == 9) {
                break;
            }
        }
        assertThat(kills).as("kills while the study ran (levels credited: " + credited + ")").isEqualTo(KILLS);
        assertThat(credited).as("levels credited between kills").isPositive().isLessThan(9);

        try (JoulebenchChild last = JoulebenchChild.start(home, List.of("resume", folder.toString()))) {
            assertThat(last.waitFor(Duration.ofSeconds(120))).as(last.output()).isZero();
        }
        ResultsChecks.assertConsistent(folder);
        List<ManifestEntry> cells = Manifest.read(folder.resolve("manifest.json")).entries();
        assertThat(cells).hasSize(9).allSatisfy(c -> {
            assertThat(c.credited()).isTrue();
            assertThat(c.windowIds()).hasSize(3);
        });
    }
}
