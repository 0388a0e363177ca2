package io.joulebench.app.live;

import io.joulebench.app.fx.Columns;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;

/**
 * A cluster run's batch jobs: job id, session group, the scheduler's state (pending, running on a node, done, failed
 * with its reason) and the levels credited. Shown only while the run has jobs.
 */
public final class JobTableView {

    private static final double HEADER = 30;
    private static final double ROW = 25;
    private static final int MAX_ROWS = 5;

    private final TableView<JobRow> table = new TableView<>();

    public JobTableView(LiveViewModel vm) {
        table.setId("job-table");
        table.setItems(vm.jobRows());
        table.getStyleClass().add("job-table");
        table.setPlaceholder(new Label("Jobs appear here as they are submitted."));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TableColumn<JobRow, String> state = Columns.wrapping(Columns.text("State", JobRow::state));
        state.setId("job-state");
        table.getColumns().setAll(java.util.List.of(
                fixed(Columns.text("Job", JobRow::jobId), 70),
                fixed(Columns.text("Group", r -> r.group() < 0 ? "—" : Integer.toString(r.group())), 56),
                fixed(Columns.text("Credited", JobRow::credited), 70),
                state));
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(JobRow row, boolean empty) {
                super.updateItem(row, empty);
                getStyleClass().removeAll("row-invalid", "row-valid");
                setTooltip(null);
                if (!empty && row != null) {
                    if (row.failed()) {
                        getStyleClass().add("row-invalid");
                    } else if (row.state().equals("done")) {
                        getStyleClass().add("row-valid");
                    }
                    setTooltip(new Tooltip("Slurm job " + row.jobId() + ": " + row.state()));
                }
            }
        });
        // only a cluster run has jobs: the table takes no room otherwise
        table.visibleProperty().bind(javafx.beans.binding.Bindings.isNotEmpty(vm.jobRows()));
        table.managedProperty().bind(table.visibleProperty());
        // every job in view up to five, then it scrolls: the level table keeps the rest of the column
        table.prefHeightProperty().bind(javafx.beans.binding.Bindings.createDoubleBinding(
                () -> HEADER + ROW * Math.min(MAX_ROWS, Math.max(1, vm.jobRows().size())), vm.jobRows()));
        table.minHeightProperty().bind(table.prefHeightProperty());
    }

    private static <C extends TableColumn<JobRow, ?>> C fixed(C column, double width) {
        column.setPrefWidth(width);
        column.setMinWidth(width);
        column.setMaxWidth(width);
        return column;
    }

    public TableView<JobRow> node() {
        return table;
    }
}
