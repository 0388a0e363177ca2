package io.joulebench.core.results;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.study.StudyValidationException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What a results folder can be resumed with: its study reloaded and re-planned, refused when the folder is not a
 * results folder or the study no longer resolves to the folder's cells. The folder's format is this package's; the
 * study runner ({@code core.run}) only asks here.
 */
public final class ResumeSource {

    private ResumeSource() {
    }

    /**
     * Reloads the folder's {@code study.yaml} (or {@code studyOverride}, needed when secrets were masked in the copy
     * and the original has moved) and re-plans it.
     *
     * @throws ResumeRefusedException when {@code resultsDir} is no results folder or its cells differ from the plan's
     */
    public static StudyPlan plan(Path resultsDir, Path studyOverride) throws IOException, StudyValidationException {
        Path resolvedFile = resultsDir.resolve(ResolvedJson.FILE_NAME);
        if (!Files.isRegularFile(resolvedFile) || !Files.isRegularFile(resultsDir.resolve(Manifest.FILE_NAME))) {
            throw new ResumeRefusedException(resultsDir + " is not a results folder (no " + ResolvedJson.FILE_NAME
                    + " or " + Manifest.FILE_NAME + ")");
        }
        JsonNode resolved = ResultsJson.read(resolvedFile);
        StudyPlan plan = StudyPlan.of(loadStudy(resultsDir, resolved, studyOverride));
        List<String> before = ResolvedJson.cellKeys(resolved);
        List<String> now = ResolvedJson.cellKeys(plan);
        if (!before.equals(now)) {
            throw new ResumeRefusedException("the study no longer resolves to the cells of " + resultsDir
                    + " (" + firstDifference(before, now) + "); resume only continues the same study — start a new run");
        }
        return plan;
    }

    private static Study loadStudy(Path resultsDir, JsonNode resolved, Path override)
            throws IOException, StudyValidationException {
        // a run started by `joulebench run` filled omitted execution keys with upstream's CLI defaults: resume the same
        boolean cli = false;
        for (JsonNode note : resolved.path("notes")) {
            cli |= note.asText().startsWith(StudyLoader.CLI_DEFAULTS_NOTE);
        }
        StudyLoader loader = cli ? StudyLoader.withUpstreamCliDefaults() : new StudyLoader();
        if (override != null) {
            return loader.load(override);
        }
        if (resolved.path("study_redacted").asBoolean()) {
            String source = ResultsJson.text(resolved, "study_source");
            if (source != null && Files.isRegularFile(Path.of(source))) {
                return loader.load(Path.of(source));
            }
            throw new ResumeRefusedException("the copy of the study in " + resultsDir + " has its secrets masked and"
                    + " the original (" + source + ") is gone; pass the original study file with --study");
        }
        String dir = ResultsJson.text(resolved, "study_dir");
        Path baseDir = dir != null && Files.isDirectory(Path.of(dir)) ? Path.of(dir) : resultsDir;
        String name = resolved.path("study_file").asText(ResultsFolder.STUDY_FILE);
        return loader.parse(name, Files.readAllBytes(resultsDir.resolve(ResultsFolder.STUDY_FILE)), baseDir);
    }

    private static String firstDifference(List<String> before, List<String> now) {
        for (int i = 0; i < Math.max(before.size(), now.size()); i++) {
            String a = i < before.size() ? before.get(i) : "nothing";
            String b = i < now.size() ? now.get(i) : "nothing";
            if (!a.equals(b)) {
                return "cell " + i + " was " + a + ", is now " + b;
            }
        }
        return "same cells";
    }

}
