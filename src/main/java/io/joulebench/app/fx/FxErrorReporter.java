package io.joulebench.app.fx;

import javafx.scene.control.Alert;
import javafx.scene.control.TextArea;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs a failure once (with its stack trace) and shows its plain message in an alert; the expandable detail holds
 * the causes' messages, never a stack trace.
 */
public final class FxErrorReporter implements ErrorReporter {

    private static final Logger LOG = LoggerFactory.getLogger(FxErrorReporter.class);

    private final UiExecutor ui;
    private final Window owner;

    public FxErrorReporter(UiExecutor ui, Window owner) {
        this.ui = ui;
        this.owner = owner;
    }

    @Override
    public void report(String message, Throwable cause) {
        if (cause instanceof UserMessageException) {
            LOG.warn(message);
        } else {
            LOG.error(message, cause);
        }
        ui.execute(() -> show(message, cause));
    }

    private void show(String message, Throwable cause) {
        Alert alert = new Alert(Alert.AlertType.ERROR);
        alert.initOwner(owner);
        alert.setTitle("Joulebench");
        alert.setHeaderText(null);
        alert.setContentText(message);
        String plain = ErrorMessages.plainDetail(cause);
        if (!plain.isEmpty()) {
            TextArea detail = new TextArea(plain);
            detail.setEditable(false);
            detail.setWrapText(true);
            detail.setPrefRowCount(14);
            VBox.setVgrow(detail, Priority.ALWAYS);
            alert.getDialogPane().setExpandableContent(new VBox(detail));
        }
        alert.show();
    }
}
