package io.joulebench.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.CellStatus;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.testing.JoulebenchChild;
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
 * the working directory pointed at test folders: secrets planted in Joulebench's environment ({@code HF_TOKEN},
 * {@code OPENAI_API_KEY}, {@code AUTHORIZATION}), in the engine's env block ({@code HF_TOKEN}, {@code MY_API_KEY},
 * {@code AUTHORIZATION}, {@code DB_PASSWD}) and in engine arguments ({@code --apikey X}, {@code --token X},
 * {@code --header=Authorization: Bearer X}) appear in no file written anywhere (results, exports, pid files read while
 * the engine runs), nor in Joulebench's {@code --verbose} log and stderr, nor in the launch and readiness error
 * messages; and nothing is written outside the output folder and {@code ~/.joulebench}.
 */
class SecretsAndFootprintIT {

    private static final List<String> SECRETS = List.of("sekrit-hf-4242", "sekrit-oai-4242", "sekrit-auth-4242",
            "sekrit-env-4242", "sekrit-key-4242", "sekrit-envauth-4242", "sekrit-passwd-4242", "sekrit-apikey-4242",
            "sekrit-hdr-4242", "sekrit-refused-4242", "sekrit-token-4242");

    @TempDir
    Path tmp;

    /**
     * A custom process engine with a secret-laden env and {@code extraArgs} appended to its command. The good
     * command is a shell that starts the reference engine and ignores the arguments after its own ({@code $4…}),
     * so the secret flags reach the command line and every log and pid file that quotes it.
     */
    private String study(String name, String command, String extraArgs, int timeoutS) {
        return """
                study_name: %s
                serving_mode: server
                engine: custom
                runners: {custom: process}
                task: {model: tiny, dataset: {source: builtin, n_prompts: 20}, max_output_tokens: 16}
                measurement: {energy_sampler: cpu-estimate, baseline: {enabled: false}}
                custom:
                  command: [%s]
                  env: {HF_TOKEN: sekrit-env-4242, MY_API_KEY: sekrit-key-4242, AUTHORIZATION: "Bearer sekrit-envauth-4242",
                        DB_PASSWD: sekrit-passwd-4242, LOG_LEVEL: info}
                  extra_args: [%s]
                server:
                  traffic: {rate: 8, seed: 1, ramp_exclusion_seconds: 0.5, window_seconds: 1}
                  warmup: {mode: fixed, duration_seconds: 2}
                  windows_per_level: 3
                study_execution: {n_cycles: 1, experiment_order: sequential, experiment_gap_seconds: 0, cycle_gap_seconds: 0,
                              experiment_timeout_seconds: %d}
                """.formatted(name, command, extraArgs, timeoutS);
    }

    private static String engineCommand(boolean wrapped) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("java.class.path");
        if (wrapped) {
            return "\"/bin/sh\", \"-c\", \"exec \\\"$1\\\" -cp \\\"$2\\\" io.joulebench.Main engine --host 127.0.0.1 "
                    + "--port \\\"$3\\\"\", \"engine\", \"%s\", \"%s\", \"{port}\"".formatted(java, cp);
        }
        return "\"%s\", \"-cp\", \"%s\", \"io.joulebench.Main\", \"engine\", \"--host\", \"127.0.0.1\", \"--port\", \"{port}\""
                .formatted(java, cp);
    }

    @Test
    void planted_secrets_reach_no_file_log_or_message_and_nothing_is_written_outside_out_and_the_config_folder()
            throws Exception {
        Path home = tmp.resolve("home");
        Path out = tmp.resolve("out");
        Path studies = Files.createDirectories(tmp.resolve("studies"));
        Path good = Files.writeString(studies.resolve("good.yaml"), study("good", engineCommand(true),
                "\"--apikey\", \"sekrit-apikey-4242\", \"--header=Authorization: Bearer sekrit-hdr-4242\"", 20));
        // the engine refuses the flag and echoes its value in its log: the failure message quotes the masked command
        Path refused = Files.writeString(studies.resolve("refused.yaml"), study("refused", engineCommand(false),
                "\"--apikey\", \"sekrit-refused-4242\"", 20));
        // a server that never answers: the readiness error names the masked command
        Path silent = Files.writeString(studies.resolve("silent.yaml"), study("silent",
                "\"/bin/sh\", \"-c\", \"exec sleep 60\", \"silent\", \"{port}\"", "\"--token\", \"sekrit-token-4242\"", 3));
        Map<String, String> env = Map.of("HF_TOKEN", "sekrit-hf-4242", "OPENAI_API_KEY", "sekrit-oai-4242",
                "AUTHORIZATION", "Bearer sekrit-auth-4242", "HOME", home.toString());
        List<String> texts = new ArrayList<>();

        try (JoulebenchChild validate = JoulebenchChild.start(home, env, List.of("--verbose", "validate",
                good.toString()))) {
            assertThat(validate.waitFor(Duration.ofSeconds(60))).as(validate.output()).isZero();
            texts.add(validate.output());
        }
        List<String> pidFiles = new ArrayList<>();
        try (JoulebenchChild run = JoulebenchChild.start(home, env, List.of("--verbose", "run", good.toString(),
                "--out", out.toString()))) {
            assertThat(run.awaitLine("window 1/3", Duration.ofSeconds(90))).as(run.output()).isTrue();
            for (Path f : files(home.resolve(".joulebench/run"))) {
                if (f.getFileName().toString().endsWith(".pid")) {
                    pidFiles.add(Files.readString(f, StandardCharsets.ISO_8859_1));
                }
            }
            assertThat(run.waitFor(Duration.ofSeconds(120))).as(run.output()).isZero();
            texts.add(run.output());
            assertThat(run.output()).as("the launch line").contains("started server pid").contains("--apikey ****");
        }
        assertThat(pidFiles).as("pid files of the running engine").singleElement()
                .satisfies(p -> assertThat(p).contains("--apikey").contains("Authorization"));
        texts.addAll(pidFiles);
        try (JoulebenchChild run = JoulebenchChild.start(home, env, List.of("--verbose", "run", refused.toString(),
                "--out", out.toString()))) {
            assertThat(run.waitFor(Duration.ofSeconds(120))).as(run.output()).isEqualTo(1);
            texts.add(run.output());
        }
        try (JoulebenchChild run = JoulebenchChild.start(home, env, List.of("--verbose", "run", silent.toString(),
                "--out", out.toString()))) {
            assertThat(run.waitFor(Duration.ofSeconds(120))).as(run.output()).isEqualTo(1);
            texts.add(run.output());
        }
        Path goodFolder = folder(out, "good-");
        for (List<String> export : List.<List<String>>of(List.of("--csv", out.resolve("export.csv").toString()),
                List.of("--csv", out.resolve("export-requests.csv").toString(), "--requests"), List.of(),
                List.of("--requests"))) {
            List<String> args = new ArrayList<>(List.of("--verbose", "export", goodFolder.toString()));
            args.addAll(export);
            try (JoulebenchChild child = JoulebenchChild.start(home, env, args)) {
                assertThat(child.waitFor(Duration.ofSeconds(60))).as(child.output()).isZero();
                texts.add(child.output());
            }
        }
        ManifestEntry launch = Manifest.read(folder(out, "refused-").resolve("manifest.json")).entries().getFirst();
        assertThat(launch.status()).isEqualTo(CellStatus.FAILED);
        assertThat(launch.failureType()).isEqualTo("ServerLaunchException");
        assertThat(launch.reason()).as("the failure quotes the masked command").contains("--apikey ****");
        ManifestEntry ready = Manifest.read(folder(out, "silent-").resolve("manifest.json")).entries().getFirst();
        assertThat(ready.failureType()).isEqualTo("ServerReadinessException");
        assertThat(ready.reason()).as("the failure quotes the masked command").contains("--token ****");
        assertThat(String.join("\n", texts)).as("the verbose log").contains("DEBUG")
                .contains("could not start").contains("not ready after");

        List<Path> written = files(tmp);
        assertThat(written).as("files written").hasSizeGreaterThan(20);
        for (Path f : written) {
            String name = tmp.relativize(f).toString();
            // not ours to mask: the study files are the user's input, and an engine's log is its own verbatim
            // output (this engine echoes the refused --apikey value; the failure message quoting it is masked)
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
