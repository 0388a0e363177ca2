package io.joulebench.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.CellStatus;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11 "Security", on real runs of the CLI in a child JVM with {@code HOME}, {@code user.home}, the temp folder and
 * the working directory pointed at test folders: secrets planted in the environment ({@code HF_TOKEN},
 * {@code OPENAI_API_KEY}), in the engine's env block and in an engine argument appear in no file written anywhere
 * (results, exports, pid files, engine logs), nor in the verbose log or the error messages; and nothing is written
 * outside the output folder and {@code ~/.joulebench}.
 */
class SecretsAndFootprintIT {

    private static final List<String> SECRETS = List.of("sekrit-hf-4242", "sekrit-oai-4242", "sekrit-env-4242",
            "sekrit-key-4242", "sekrit-arg-4242");

    @TempDir
    Path tmp;

    /** A custom process engine: the reference engine started by its own command, with a secret-laden env. */
    private String study(String name, String extraArgs) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("java.class.path");
        return """
                study_name: %s
                serving_mode: server
                engine: custom
                runners: {custom: process}
                task: {model: tiny, dataset: {source: builtin, n_prompts: 20}, max_output_tokens: 16}
                measurement: {energy_sampler: cpu-estimate, baseline: {enabled: false}}
                custom:
                  command: ["%s", "-cp", "%s", "io.joulebench.Main", "engine", "--host", "127.0.0.1", "--port", "{port}"]
                  env: {HF_TOKEN: sekrit-env-4242, MY_API_KEY: sekrit-key-4242, LOG_LEVEL: info}
                  extra_args: [%s]
                server:
                  traffic: {rate: 8, seed: 1, ramp_exclusion_seconds: 0.5, window_seconds: 1}
                  warmup: {mode: fixed, duration_seconds: 2}
                  windows_per_level: 3
                study_execution: {experiment_timeout_seconds: 20}
                """.formatted(name, java, cp, extraArgs);
    }

    @Test
    void planted_secrets_reach_no_file_log_or_message_and_nothing_is_written_outside_out_and_the_config_folder()
            throws Exception {
        Path home = tmp.resolve("home");
        Path out = tmp.resolve("out");
        Path studies = Files.createDirectories(tmp.resolve("studies"));
        Path good = Files.writeString(studies.resolve("good.yaml"), study("good", ""));
        // the engine refuses the flag and echoes its value in its log: the failure message quotes that log
        Path bad = Files.writeString(studies.resolve("bad.yaml"), study("bad", "\"--api-key\", \"sekrit-arg-4242\""));
        Map<String, String> env = Map.of("HF_TOKEN", "sekrit-hf-4242", "OPENAI_API_KEY", "sekrit-oai-4242",
                "HOME", home.toString());
        List<String> texts = new ArrayList<>();

        try (JoulebenchChild run = JoulebenchChild.start(home, env, List.of("--verbose", "run", good.toString(),
                "--out", out.toString()))) {
            assertThat(run.waitFor(Duration.ofSeconds(120))).as(run.output()).isZero();
            texts.add(run.output());
        }
        try (JoulebenchChild run = JoulebenchChild.start(home, env, List.of("--verbose", "run", bad.toString(),
                "--out", out.toString()))) {
            assertThat(run.waitFor(Duration.ofSeconds(120))).as(run.output()).isEqualTo(1);
            texts.add(run.output());
        }
        Path goodFolder = folder(out, "good-");
        Path badFolder = folder(out, "bad-");
        try (JoulebenchChild export = JoulebenchChild.start(home, env, List.of("--verbose", "export",
                goodFolder.toString(), "--csv", out.resolve("export.csv").toString(), "--requests"))) {
            assertThat(export.waitFor(Duration.ofSeconds(60))).as(export.output()).isZero();
            texts.add(export.output());
        }
        ManifestEntry failed = Manifest.read(badFolder.resolve("manifest.json")).entries().getFirst();
        assertThat(failed.status()).isEqualTo(CellStatus.FAILED);
        assertThat(failed.reason()).as("the failure quotes the engine's log").contains("--api-key");
        assertThat(String.join("\n", texts)).as("the verbose log").contains("DEBUG");

        List<Path> written = files(tmp);
        assertThat(written).as("files written").hasSizeGreaterThan(20);
        for (Path f : written) {
            String name = tmp.relativize(f).toString();
            // not ours to mask: the study files are the user's input, and an engine's log is its own verbatim
            // output (this engine echoes the refused --api-key value; the failure message quoting it is masked)
            if (!name.startsWith("studies/") && !name.startsWith("home/.joulebench/run/logs/")) {
                texts.add(f + "\n" + Files.readString(f, StandardCharsets.ISO_8859_1));
            }
        }
        for (String secret : SECRETS) {
            assertThat(texts).as(secret).noneMatch(t -> t.contains(secret));
        }

        // footprint: the output folder, ~/.joulebench (pid files, engine logs) and the study files; nothing else
        Map<String, List<String>> byRoot = written.stream().collect(Collectors.groupingBy(
                p -> tmp.relativize(p).subpath(0, Math.max(1, Math.min(2, tmp.relativize(p).getNameCount() - 1))).toString(),
                Collectors.mapping(p -> tmp.relativize(p).toString(), Collectors.toList())));
        assertThat(byRoot.keySet()).as(byRoot.toString()).allMatch(root -> root.startsWith("out")
                || root.equals("home/.joulebench") || root.equals("studies"));
        assertThat(files(home.resolve("tmp"))).as("temp files left in java.io.tmpdir").isEmpty();
        assertThat(files(home.resolve("cwd"))).as("files in the working directory").isEmpty();
    }

    private static Path folder(Path out, String prefix) throws IOException {
        try (Stream<Path> s = Files.list(out)) {
            return s.filter(p -> p.getFileName().toString().startsWith(prefix)).findFirst().orElseThrow();
        }
    }

    private static List<Path> files(Path root) throws IOException {
        if (!Files.exists(root)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).toList();
        }
    }
}
