package io.joulebench.app.fx;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.scene.Scene;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.shape.MoveTo;
import javafx.scene.shape.PathElement;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** A marked data item starts a new stroke: the line is not drawn across the gap before it. */
@ExtendWith(ApplicationExtension.class)
class OverlayLineChartViewTest {

    private OverlayLineChart chart;

    @Start
    void start(Stage stage) {
        chart = new OverlayLineChart(new NumberAxis(), new NumberAxis());
        chart.setCreateSymbols(false);
        XYChart.Series<Number, Number> gapped = new XYChart.Series<>();
        gapped.getData().setAll(List.of(new XYChart.Data<>(0, 1), new XYChart.Data<>(1, 2),
                new XYChart.Data<>(5, 3, OverlayLineChart.BREAK), new XYChart.Data<>(6, 2)));
        XYChart.Series<Number, Number> plain = new XYChart.Series<>();
        plain.getData().setAll(List.of(new XYChart.Data<>(0, 2), new XYChart.Data<>(6, 4)));
        chart.getData().setAll(List.of(gapped, plain));
        stage.setScene(new Scene(chart, 400, 300));
        stage.show();
    }

    @Test
    void a_break_moves_to_its_item_instead_of_drawing_a_line_to_it(FxRobot robot) {
        robot.interact(() -> chart.layout());
        List<PathElement> gapped = chart.lineOf(0);
        assertThat(gapped).hasSize(4);
        assertThat(gapped).extracting(e -> e instanceof MoveTo).containsExactly(true, false, true, false);
        List<PathElement> plain = chart.lineOf(1);
        assertThat(plain.get(0)).isInstanceOf(MoveTo.class);
        assertThat(plain.subList(1, plain.size())).as("an unmarked series is one stroke")
                .isNotEmpty().noneMatch(e -> e instanceof MoveTo);
    }
}
