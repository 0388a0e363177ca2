package io.joulebench.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.csv.CsvReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The studies and the windows.csv check the cluster ITs share (Slurm on this machine, and through SSH). */
final class ClusterStudies {

    /** The columns that say which window a row is: a cluster run must give a local run's, row for row. */
    static final List<String> IDENTITY = List.of("experiment_id", "study_name", "config_hash", "cycle", "level_index",
            "window_index", "rate_req_s", "engine", "runner", "energy_kind");

    private ClusterStudies() {
    }

    /**
     * One session group per output length (max_output_tokens) of {@code rates} levels, 3 windows of
     * {@code windowSeconds}, on the in-process reference engine: written to {@code dir/<name>.yaml}.
     */
    static Path study(Path dir, String name, List<Integer> outputTokens, List<Integer> rates, double windowSeconds)
            throws IOException {
        String yaml = """
                study_name: %s
                serving_mode: server
                engine: reference
                runners: {reference: in-process}
                task:
                  dataset: {source: builtin, n_prompts: 20, order: interleaved}
                  max_input_tokens: 64
                  max_output_tokens: 16
                  random_seed: 42
                measurement:
                  energy_sampler: simulated
                  baseline: {enabled: false}
                server:
                  traffic:
                    arrival: poisson
                    seed: 7
                    ramp_exclusion_seconds: 0.5
                    window_seconds: %s
                  warmup: {mode: fixed, duration_seconds: 0.5}
                  windows_per_level: 3
                study_execution: {n_cycles: 1, experiment_order: sequential}
                sweep:
                  task.max_output_tokens: %s
                  server.traffic.rate: %s
                """.formatted(name, windowSeconds, outputTokens, rates);
        return Files.writeString(dir.resolve(name + ".yaml"), yaml);
    }

    /** The cluster run's windows.csv has the local run's columns, {@code windows} rows, and their identities. */
    static void assertSameWindows(Path localFolder, Path clusterFolder, int windows) throws IOException {
        List<List<String>> a = csv(localFolder.resolve("windows.csv"));
        List<List<String>> b = csv(clusterFolder.resolve("windows.csv"));
        assertThat(b.getFirst()).as("columns").isEqualTo(a.getFirst());
        assertThat(b).as("rows").hasSize(a.size()).hasSize(1 + windows);
        List<String> header = a.getFirst();
        for (String column : IDENTITY) {
            int i = header.indexOf(column);
            assertThat(i).as(column + " is a column").isNotNegative();
            assertThat(b.stream().skip(1).map(r -> r.get(i)).toList()).as(column)
                    .isEqualTo(a.stream().skip(1).map(r -> r.get(i)).toList());
        }
    }

    static List<List<String>> csv(Path file) throws IOException {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return new CsvReader(r).readAll();
        }
    }
}
