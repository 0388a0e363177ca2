package io.joulebench.app.fx;

import java.util.List;

/** Asks the user a question; the FX version is a confirmation dialog, tests answer directly. */
public interface Confirmer {

    /** A yes/no question; true for yes. */
    boolean confirm(String title, String question);

    /**
     * A question with named answers, the last being the way out ("Cancel"); returns the index of the answer
     * chosen, the last one when the dialog is closed without an answer.
     */
    int choose(String title, String question, List<String> answers);
}
