package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.Study;
import io.joulebench.core.time.VirtualClock;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 11 "Security": no planted secret in any output file; spreadsheet formulas neutralised in user text only. */
class ResultsSecurityTest {

    @TempDir
    Path tmp;

    private static final String WITH_SECRETS = """
            study_name: "=HYPERLINK(\\"http://evil\\")"
            serving_mode: server
            engine: vllm
            runners: {vllm: container}
            task: {model: "+cmd|' /C calc'!A0"}
            measurement: {energy_sampler: simulated, baseline: {enabled: false}}
            vllm:
              env: {HF_TOKEN: sekrit-123, OTHER_API_KEY: key-sekrit-456, LOG_LEVEL: info}
              extra_args: [--api-key, argsekrit-789, "--header=Authorization: Bearer hdrsekrit-000"]
            server: {traffic: {window_seconds: 5, ramp_exclusion_seconds: 0}, windows_per_level: 3}
            sweep: {server.traffic.rate: [2, 8]}
            """;

    private StudyRunResult run(FakeSessionRunner fake) throws IOException {
        Study study = Studies.load(tmp, "secret.yaml", WITH_SECRETS);
        return new StudyRunner(fake, VirtualClock.atSeconds(0)).run(study, tmp.resolve("out"), StudyRunListener.NONE);
    }

    @Test
    void planted_secrets_appear_in_no_output_file_and_exports() throws IOException {
        // the invalid reason quotes the token, as a careless engine error message might
        StudyRunResult r = run(new FakeSessionRunner(0).invalidWhen(c -> c.rate() == 8.0)
                .invalidReason("engine said: bad env HF_TOKEN=sekrit-123"));
        StringWriter requests = new StringWriter();
        RequestsExport.write(r.folder(), WindowsCsvTable.readFolder(r.folder()), requests);
        StringWriter windows = new StringWriter();
        WindowsCsvExporter.write(WindowsCsvTable.readFolder(r.folder()).rows(), windows, (d, t) -> { });
        List<String> texts = new java.util.ArrayList<>(List.of(requests.toString(), windows.toString()));
        int files = 0;
        try (Stream<Path> s = Files.walk(r.folder())) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                // the Parquet files are binary, uncompressed: their strings are plain bytes, so a secret shows there too
                texts.add(p.toString().endsWith(".parquet") ? new String(Files.readAllBytes(p),
                        StandardCharsets.ISO_8859_1) : Files.readString(p, StandardCharsets.UTF_8));
                files++;
            }
        }
        assertThat(files).isGreaterThan(20);
        for (String secret : List.of("sekrit-123", "key-sekrit-456", "argsekrit-789", "hdrsekrit-000")) {
            assertThat(texts).noneMatch(t -> t.contains(secret));
        }
        String resolved = Files.readString(r.folder().resolve("resolved.json"));
        assertThat(resolved).contains("\"HF_TOKEN\" : \"***\"").contains("\"LOG_LEVEL\" : \"info\"")
                .contains("\"--api-key\", \"***\"");
        assertThat(Files.readString(r.folder().resolve("manifest.json"))).contains("HF_TOKEN=***");
        assertThat(Files.readString(r.folder().resolve("windows.csv"))).contains("HF_TOKEN=***");
        assertThat(Files.readString(r.folder().resolve("study.yaml"))).contains("HF_TOKEN: ***");
    }

    @Test
    void formula_injection_is_neutralised_in_user_text_and_numbers_are_untouched() throws IOException {
        StudyRunResult r = run(new FakeSessionRunner(0).invalidWhen(c -> c.rate() == 8.0).baselineW(150)
                .invalidReason("-1+1 windows were unsteady"));
        List<String> lines = Files.readAllLines(r.folder().resolve("windows.csv"));
        assertThat(lines).hasSize(7);
        String row = lines.get(4); // first window of the invalid level
        assertThat(row).contains(",\"'=HYPERLINK(\"\"http://evil\"\")\",");
        assertThat(row).contains(",\"'+cmd|' /C calc'!A0\",");
        WindowsCsvTable table = WindowsCsvTable.readFolder(r.folder());
        WindowRow w = table.rows().get(3);
        assertThat(w.studyName()).isEqualTo("=HYPERLINK(\"http://evil\")");
        assertThat(w.raw("energy_adjusted_j")).as("a negative number is not user text").startsWith("-")
                .doesNotStartWith("'");
        assertThat(row).contains(",\"'-1+1 windows were unsteady\",");
        assertThat(w.invalidReason()).isEqualTo("-1+1 windows were unsteady");
        assertThat(w.raw("rate_req_s")).isEqualTo("8");
    }
}
