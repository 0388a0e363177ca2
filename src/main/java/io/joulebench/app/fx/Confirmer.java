package io.joulebench.app.fx;

/** Asks the user a yes/no question; the FX version is a confirmation dialog, tests answer directly. */
@FunctionalInterface
public interface Confirmer {

    boolean confirm(String title, String question);
}
