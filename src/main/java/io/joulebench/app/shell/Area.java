package io.joulebench.app.shell;

/** The workbench's three areas, each one click away. */
public enum Area {
    EDITOR("Editor"), LIVE("Live"), RESULTS("Results");

    private final String label;

    Area(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
