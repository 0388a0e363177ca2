package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.session.LevelResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first run on the real in-process reference engine and the real clock: examples/quickstart.yaml, with three
 * different arrival seeds, is valid at every level in at least two of them. About two minutes per seed, so an IT;
 * {@code QuickstartPrecisionTest} covers 40 seeds on the engine's model in the unit stage.
 */
class QuickstartGateIT {

    @TempDir
    Path dir;

    @Test
    void the_quickstart_is_valid_at_every_level_in_most_seeds() throws Exception {
        String yaml = Files.readString(Path.of("examples/quickstart.yaml"), StandardCharsets.UTF_8);
        int allValid = 0;
        long[] seeds = {7, 11, 13};
        for (long seed : seeds) {
            ReferenceEngineSessionIT.MemorySink sink = ReferenceEngineSessionIT.run(
                    yaml.replace("seed: 7", "seed: " + seed), dir.resolve("s" + seed));
            assertThat(sink.failures).isEmpty();
            assertThat(sink.levels).hasSize(3);
            allValid += sink.levels.stream().allMatch(LevelResult::valid) ? 1 : 0;
        }
        assertThat(allValid).as("seeds with every level valid, of " + seeds.length).isGreaterThanOrEqualTo(2);
    }
}
