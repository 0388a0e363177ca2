package io.joulebench.app.results;

import io.joulebench.core.results.WindowsCsvTable;
import java.nio.file.Path;

/** A results folder open in the browser: where it is, how it is labelled, and its windows. */
public record LoadedStudy(Path folder, String label, WindowsCsvTable table) {

    @Override
    public String toString() {
        String name = folder.getFileName() == null ? folder.toString() : folder.getFileName().toString();
        return name + "\n" + table.rows().size() + " windows";
    }
}
