package io.joulebench.core.study;

/**
 * One problem in a study file: where it is (file, key path, line, column), the rule it breaks and, for near-miss
 * keys, a suggestion. {@link #format()} gives the one-line form the CLI prints:
 * {@code study.yaml:12:5: server.traffic.rate: must be > 0 (got -1)}.
 */
public record StudyError(String file, String keyPath, int line, int column, String rule, String suggestion) {

    public StudyError {
        file = file == null ? "" : file;
        keyPath = keyPath == null ? "" : keyPath;
        suggestion = suggestion == null || suggestion.isBlank() ? null : suggestion;
    }

    public static StudyError at(String file, String keyPath, SourceLocation at, String rule) {
        return new StudyError(file, keyPath, at.line(), at.column(), rule, null);
    }

    public static StudyError at(String file, String keyPath, SourceLocation at, String rule, String suggestion) {
        return new StudyError(file, keyPath, at.line(), at.column(), rule, suggestion);
    }

    public SourceLocation location() {
        return new SourceLocation(line, column);
    }

    public String format() {
        StringBuilder sb = new StringBuilder(file);
        if (line > 0) {
            sb.append(':').append(line).append(':').append(column);
        }
        sb.append(": ");
        if (!keyPath.isEmpty()) {
            sb.append(keyPath).append(": ");
        }
        sb.append(rule);
        if (suggestion != null) {
            sb.append(" (did you mean '").append(suggestion).append("'?)");
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return format();
    }
}
