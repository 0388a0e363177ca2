package io.joulebench.app.results;

import io.joulebench.core.results.WindowsCsvTable;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A results folder open in the browser: where it is, how it is labelled, its windows, the user's name for the run
 * ({@code run --label}, from its manifest; empty when none) and its trace levels' fidelity lines
 * ({@link io.joulebench.core.results.LevelFidelities}, read with the folder; empty without trace levels).
 */
public record LoadedStudy(Path folder, String label, WindowsCsvTable table, String runLabel, List<String> fidelity) {

    public LoadedStudy {
        runLabel = runLabel == null ? "" : runLabel;
        fidelity = fidelity == null ? List.of() : List.copyOf(fidelity);
    }

    public LoadedStudy(Path folder, String label, WindowsCsvTable table) {
        this(folder, label, table, "", List.of());
    }

    /** A run's folder name: the study name, then its UTC start stamp. */
    private static final Pattern STAMPED = Pattern.compile("(.+)-(\\d{8}T\\d{6}Z)");

    /** Short lines for the narrow list of loaded results: the study, the run's stamp, its window count. */
    @Override
    public String toString() {
        String name = folder.getFileName() == null ? folder.toString() : folder.getFileName().toString();
        String windows = table.rows().size() + " windows";
        Matcher m = STAMPED.matcher(name);
        String named = runLabel.isEmpty() ? "" : "“" + runLabel + "”\n";
        return m.matches() ? m.group(1) + "\n" + named + m.group(2) + "\n" + windows
                : name + "\n" + named + windows;
    }
}
