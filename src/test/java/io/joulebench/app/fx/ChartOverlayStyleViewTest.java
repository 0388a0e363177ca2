package io.joulebench.app.fx;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.NumberAxis;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Shape;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The overlay's shapes are made in a layout, after the pulse's CSS pass: a frame drawn before their style applied
 * showed a shape's default opaque black (the live power chart flickered black, issue 35 item 8,
 * docs/decisions/0021). They are styled when made, and unstyled they draw nothing.
 */
@ExtendWith(ApplicationExtension.class)
class ChartOverlayStyleViewTest {

    private static final List<ChartOverlay.Band> BANDS = List.of(new ChartOverlay.Band(1, 4, "window-span", "", ""),
            new ChartOverlay.Band(5, 7, "warmup-span", "warmup", "warmup-label"));

    private NumberAxis x;
    private NumberAxis y;
    private Group plot;

    @Start
    void start(Stage stage) {
        x = new NumberAxis(0, 10, 1);
        y = new NumberAxis(0, 100, 10);
        plot = new Group();
        Scene scene = new Scene(new VBox(plot, x, y), 400, 300);
        scene.getStylesheets().add(Objects.requireNonNull(
                ChartOverlayStyleViewTest.class.getResource("/io/joulebench/app/workbench.css")).toExternalForm());
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void a_shape_without_its_style_draws_nothing_rather_than_black(FxRobot robot) {
        Group unstyled = new Group(); // in no scene: no style can reach it
        robot.interact(() -> layout(unstyled));
        assertThat(unstyled.getChildren()).hasSize(3);
        for (Node n : unstyled.getChildren()) {
            assertThat(((Color) ((Shape) n).getFill()).getOpacity()).as("fill of %s", n.getStyleClass()).isZero();
        }
    }

    @Test
    void shapes_in_the_scene_carry_their_style_as_soon_as_they_are_made(FxRobot robot) {
        List<Node> drawn = new ArrayList<>();
        robot.interact(() -> {
            layout(plot);
            drawn.addAll(plot.getChildren()); // looked at before any pulse
        });
        assertThat(drawn).hasSize(3);
        assertThat(((Color) ((Shape) drawn.get(0)).getFill()).getOpacity()).as("a window is shaded, not covered")
                .isBetween(0.05, 0.5);
        assertThat(((Shape) drawn.get(2)).getFill()).as("the warmup label").isNotIn(Color.TRANSPARENT, Color.BLACK);
    }

    private void layout(Group target) {
        ChartOverlay overlay = new ChartOverlay();
        overlay.set(BANDS, List.of(), List.of());
        overlay.layout(target.getChildren(), x, y);
    }
}
