package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.joulebench.core.session.RunnerProvenance;
import io.joulebench.core.session.SessionBlock;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** At session close, result.json and system.json are written again from the typed window, never read back. */
class SessionBlockRewriteTest {

    private static final SessionBlock FINAL = new SessionBlock("s1", 3, 1, 4.0, 400.0, 3.0, 120.0, 2.5, 50.0,
            "llama.cpp b4321", new RunnerProvenance("docker", "llama:cpu", "sha256:0123"));

    @TempDir
    Path tmp;

    @Test
    void the_final_block_reaches_result_and_system_json_even_when_their_files_no_longer_parse() throws Exception {
        StudyPlan plan = StudyPlan.of(Studies.load(tmp, "quick.yaml", Studies.QUICK));
        ResultsFolder f = ResultsFolder.create(tmp.resolve("out"), plan, Clock.system());
        ResolvedCell a = plan.cells().get(0);
        f.cellStarted(a, "s1");
        f.levelClosed(ResultsFolderTest.level(a, 0, true), FakeSessionRunner.block("s1", 3, 1));
        Map<Path, String> expected = new LinkedHashMap<>();
        for (String id : f.entry(a).windowIds()) {
            Path bundle = f.dir().resolve(id);
            expected.put(bundle.resolve(BundleWriter.RESULT), patchedResult(bundle));
            expected.put(bundle.resolve(BundleWriter.SYSTEM), patchedSystem(bundle));
            // a writer that read the files back to patch them would fail here
            Files.writeString(bundle.resolve(BundleWriter.RESULT), "{ not json");
            Files.writeString(bundle.resolve(BundleWriter.SYSTEM), "");
        }
        assertThat(expected).hasSize(6);

        f.sessionClosed(FINAL);

        for (Map.Entry<Path, String> e : expected.entrySet()) {
            assertThat(Files.readString(e.getKey())).as("%s: the bytes patching gave", e.getKey())
                    .isEqualTo(e.getValue());
        }
        JsonNode result = ResultsJson.read(expected.keySet().iterator().next());
        assertThat(result.path("session").path("drain_energy_j").asDouble()).isEqualTo(50.0);
        assertThat(result.path("session").path("engine_version").asText()).isEqualTo("llama.cpp b4321");
        assertThat(result.path("runner_provenance").path("image_digest").asText()).isEqualTo("sha256:0123");
    }

    /** result.json as the removed patch made it: the preliminary file with the final session and runner. */
    private static String patchedResult(Path bundle) throws Exception {
        ObjectNode result = (ObjectNode) ResultsJson.read(bundle.resolve(BundleWriter.RESULT));
        assertThat(result.path("session").path("drain_energy_j").isNull()).as("preliminary").isTrue();
        result.set("session", WindowResultJson.session(FINAL));
        UpstreamResultFields.runner(result, result.path("runner").asText(null), FINAL);
        return ResultsJson.text(result);
    }

    /** system.json as the removed patch made it. */
    private static String patchedSystem(Path bundle) throws Exception {
        String studyRunner = ResultsJson.read(bundle.resolve(BundleWriter.RESULT)).path("runner").asText(null);
        ObjectNode sys = (ObjectNode) ResultsJson.read(bundle.resolve(BundleWriter.SYSTEM));
        sys.set("session", WindowResultJson.session(FINAL));
        sys.set("runner", UpstreamResultFields.runner(studyRunner, FINAL.runner()));
        sys.withObject("runtime").put("engine_version", FINAL.engineVersion());
        return ResultsJson.text(sys);
    }
}
