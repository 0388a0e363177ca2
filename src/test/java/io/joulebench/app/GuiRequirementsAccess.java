package io.joulebench.app;

/** Test access to the package-private message of {@link GuiRequirements}. */
public final class GuiRequirementsAccess {

    private GuiRequirementsAccess() {
    }

    public static String missingGtk() {
        return GuiRequirements.MISSING_GTK;
    }
}
