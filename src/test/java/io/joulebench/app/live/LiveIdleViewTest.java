package io.joulebench.app.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.TestServices;
import io.joulebench.app.fx.UiExecutor;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.chart.NumberAxis;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The live view before any window (#22 item 17): a 0–1 J axis, not 0–110 J, and tiles that read "—", not "0 W". */
@ExtendWith(ApplicationExtension.class)
class LiveIdleViewTest {

    private final TestServices services = new TestServices();
    private LiveViewModel vm;

    @Start
    void start(Stage stage) {
        LiveSnapshot idle = LiveSnapshot.idle();
        vm = new LiveViewModel(new RunBackend(() -> idle, new FakeRunController()), UiExecutor.direct(),
                (period, task) -> () -> { }, services.confirmer, services.errors, LiveViewModel.DEFAULT_HZ);
        vm.apply(idle);
        Scene scene = new Scene(new LiveView(vm, () -> null).node(), 1240, 780);
        scene.getStylesheets().add(getClass().getResource("/io/joulebench/app/workbench.css").toExternalForm());
        stage.setScene(scene);
        stage.setWidth(1240);
        stage.setHeight(780);
        stage.show();
    }

    @AfterEach
    void tearDown() throws Exception {
        services.close();
    }

    @Test
    void before_any_window_the_view_model_has_no_values() {
        assertThat(List.of(vm.powerWProperty().get(), vm.jPerTokenProperty().get(), vm.tokensPerSProperty().get(),
                vm.inFlightProperty().get(), vm.latenessP99MsProperty().get(), vm.temperatureCProperty().get()))
                .allMatch(v -> Double.isNaN(v));
    }

    @Test
    void before_any_window_the_j_per_token_axis_is_0_to_1_j_and_every_tile_reads_a_dash(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        NumberAxis y = robot.lookup(".window-chart .axis").match((NumberAxis a) -> "J / output token"
                .equals(a.getLabel())).queryAs(NumberAxis.class);
        assertThat(y.getLowerBound()).isZero();
        assertThat(y.getUpperBound()).isEqualTo(1.0);
        List<Label> tiles = robot.lookup(".kpi-value").queryAllAs(Label.class).stream().toList();
        assertThat(tiles).hasSize(6).allSatisfy(l -> assertThat(l.getText()).isEqualTo(KpiTilesView.NO_DATA));
    }
}
