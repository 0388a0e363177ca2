package io.joulebench.core.study;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/** Loads studies from YAML text for tests. */
final class StudyFixtures {

    static final String MINIMAL = "serving_mode: server\nserver:\n  traffic:\n    rate: 4\n";

    private StudyFixtures() {
    }

    static Study load(String yaml) {
        try {
            return new StudyLoader().parse("test.yaml", yaml.getBytes(StandardCharsets.UTF_8), null);
        } catch (StudyValidationException e) {
            throw new AssertionError("expected a valid study, got:\n" + e.getMessage(), e);
        }
    }

    static List<StudyError> errorsOf(String yaml) {
        try {
            new StudyLoader().parse("test.yaml", yaml.getBytes(StandardCharsets.UTF_8), null);
        } catch (StudyValidationException e) {
            return e.errors();
        }
        throw new AssertionError("expected validation errors for:\n" + yaml);
    }

    static Path examples() {
        return Path.of("examples");
    }

    /** A dispatch-ordered cell made from a grid cell with the given cycle. */
    static ResolvedCell cell(int index, GridCell grid, int cycle) {
        return new ResolvedCell(index, grid.index(), grid.label(), grid.config(), grid.configHash(), cycle,
                grid.experiment());
    }
}
