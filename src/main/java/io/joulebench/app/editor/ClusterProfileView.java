package io.joulebench.app.editor;

import io.joulebench.app.editor.ClusterProfileViewModel.Field;
import java.util.Map;
import javafx.event.ActionEvent;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** The cluster profile editor dialog: one field per key, the problem (naming the key) and Save. */
public final class ClusterProfileView {

    private static final Map<Field, String> PROMPTS = Map.of(
            Field.PARTITION, "the cluster's default", Field.ACCOUNT, "your default account",
            Field.GPUS_PER_JOB, "none asked for", Field.CPUS_PER_JOB, "1", Field.MEMORY, "e.g. 64G",
            Field.MAX_PARALLEL_JOBS, "4", Field.SHARED_DIR, "the folder every node sees, e.g. /shared/bench",
            Field.SSH, "user@login.example.org[:port]: submit through a login node",
            Field.REMOTE_DIR, "with SSH: the results' parent there, e.g. /shared/bench",
            Field.SBATCH_ARGS, "more sbatch arguments, e.g. --qos=short");

    private ClusterProfileView() {
    }

    /**
     * Shows the editor over {@code owner} until it is saved or cancelled.
     *
     * @param saved called on the UI thread after the file is written
     */
    public static void show(ClusterProfileViewModel vm, Window owner, Runnable saved) {
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.setTitle("Cluster profile");
        dialog.setHeaderText("Every cluster run's jobs ask for these (" + vm.file() + ")");
        if (owner != null) {
            dialog.initOwner(owner);
        }
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(6);
        int row = 0;
        for (Field f : Field.values()) {
            Label label = new Label(f.label());
            TextField text = new TextField();
            text.setId("cluster-" + f.key().replace('_', '-'));
            text.setPrefColumnCount(32);
            text.setPromptText(PROMPTS.getOrDefault(f, ""));
            text.textProperty().bindBidirectional(vm.field(f));
            label.setLabelFor(text);
            Label key = new Label(f.key());
            key.getStyleClass().add("plan-breakdown");
            grid.addRow(row++, label, text, key);
        }
        Label problem = new Label();
        problem.setId("cluster-problem");
        problem.getStyleClass().add("field-error");
        problem.setWrapText(true);
        problem.setMaxWidth(620);
        problem.textProperty().bind(vm.problemProperty());
        Label status = new Label();
        status.getStyleClass().add("plan-breakdown");
        status.textProperty().bind(vm.statusProperty());
        VBox content = new VBox(10, grid, problem, status);
        content.setPadding(new Insets(10));
        dialog.getDialogPane().setContent(content);
        ButtonType save = new ButtonType("Save", javafx.scene.control.ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().setAll(save, ButtonType.CANCEL);
        Node saveButton = dialog.getDialogPane().lookupButton(save);
        ((Button) saveButton).disableProperty().bind(vm.busyProperty());
        // the dialog stays open until the file is written; a refused value keeps it open with the reason
        saveButton.addEventFilter(ActionEvent.ACTION, e -> {
            e.consume();
            vm.save(() -> {
                saved.run();
                dialog.setResult(save);
                dialog.close();
            });
        });
        vm.load();
        dialog.show();
    }
}
