package io.joulebench.core.results;

import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.study.StudyValidationException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Study files for results tests, written to a temp folder and loaded like the CLI does. */
public final class Studies {

    /** The quickstart's shape: 3 rates in one session, 3 windows each. */
    public static final String QUICK = """
            study_name: quick
            serving_mode: server
            engine: reference
            runners: {reference: in-process}
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            server:
              traffic: {arrival: poisson, seed: 7, ramp_exclusion_seconds: 2, window_seconds: 5}
              warmup: {mode: fixed, duration_seconds: 3}
              windows_per_level: 3
            study_execution: {n_cycles: 1, experiment_order: interleave}
            sweep:
              server.traffic.rate: [2, 8, 32]
            """;

    private Studies() {
    }

    public static Path write(Path dir, String name, String yaml) {
        try {
            Path file = dir.resolve(name);
            Files.writeString(file, yaml);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Study load(Path dir, String name, String yaml) {
        try {
            return new StudyLoader().load(write(dir, name, yaml));
        } catch (StudyValidationException e) {
            throw new AssertionError("expected a valid study:\n" + e.getMessage(), e);
        }
    }
}
