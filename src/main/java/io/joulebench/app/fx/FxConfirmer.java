package io.joulebench.app.fx;

import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;

/** A modal yes/no dialog owned by the main window. */
public final class FxConfirmer implements Confirmer {

    private final Window owner;

    public FxConfirmer(Window owner) {
        this.owner = owner;
    }

    @Override
    public boolean confirm(String title, String question) {
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, question, ButtonType.YES, ButtonType.NO);
        alert.initOwner(owner);
        alert.setTitle(title);
        alert.setHeaderText(title);
        return alert.showAndWait().filter(ButtonType.YES::equals).isPresent();
    }
}
