package io.joulebench.cli;

import picocli.CommandLine.Option;

/** The {@code --format} option of the commands that print one report as text or as one JSON object. */
final class ReportFormat {

    enum Format { text, json }

    @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT",
            description = "text or json (default: ${DEFAULT-VALUE}).")
    Format format;

    boolean json() {
        return format == Format.json;
    }
}
