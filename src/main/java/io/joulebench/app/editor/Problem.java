package io.joulebench.app.editor;

/**
 * One validation message in the problems list: the field it belongs to (null when no form field shows it), where
 * it sits in the YAML text (line 0 when unknown) and the message.
 */
public record Problem(String fieldKey, int line, int column, String keyPath, String message) {

    /** "12:5  server.traffic.rate: must be > 0". */
    public String text() {
        String where = line > 0 ? line + ":" + column + "  " : "";
        return where + (keyPath.isEmpty() ? "" : keyPath + ": ") + message;
    }
}
