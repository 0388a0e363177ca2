package io.joulebench.app.fx;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;

/** Modal question dialogs owned by the main window. */
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

    @Override
    public int choose(String title, String question, List<String> answers) {
        List<ButtonType> buttons = new ArrayList<>();
        for (int i = 0; i < answers.size(); i++) {
            ButtonBar.ButtonData data = i == answers.size() - 1 ? ButtonBar.ButtonData.CANCEL_CLOSE
                    : i == 0 ? ButtonBar.ButtonData.YES : ButtonBar.ButtonData.NO;
            buttons.add(new ButtonType(answers.get(i), data));
        }
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, question, buttons.toArray(ButtonType[]::new));
        alert.initOwner(owner);
        alert.setTitle(title);
        alert.setHeaderText(title);
        int chosen = alert.showAndWait().map(buttons::indexOf).orElse(-1);
        return chosen < 0 ? answers.size() - 1 : chosen;
    }
}
