package io.joulebench.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.fx.ChartImages;
import io.joulebench.app.fx.FxUiExecutor;
import io.joulebench.app.live.RunBackend;
import java.util.List;
import java.util.Set;
import javafx.scene.Node;
import javafx.scene.chart.Chart;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Every chart in the workbench can be saved as an image (#16, #22 item 9): its right-click menu has both items. */
@ExtendWith(ApplicationExtension.class)
class ChartImageMenusTest {

    private final TestServices services = new TestServices();
    private AppContext context;

    @Start
    void start(Stage stage) {
        context = new AppContext(services.services(RunBackend.none(), new FxUiExecutor()));
        context.show(stage);
    }

    @AfterEach
    void tearDown() throws Exception {
        context.close();
        services.close();
    }

    @Test
    void every_chart_of_every_area_offers_copy_image_and_save_as_png(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        // every area and tab is in the scene (shown or not): the live charts, the editor's arrival preview, the
        // results' plots and the Compare charts
        Set<Node> charts = robot.lookup((Node n) -> n instanceof Chart).queryAll();
        assertThat(charts).extracting(Node::getId).contains("plan-arrivals", "plot-energy", "plot-ttft",
                "compare-energy-chart", "compare-front-chart");
        assertThat(charts).filteredOn(n -> n.getStyleClass().contains("power-chart")).hasSize(1);
        assertThat(charts).filteredOn(n -> "Energy per token, per window".equals(((Chart) n).getTitle())).hasSize(1);
        assertThat(charts).hasSizeGreaterThanOrEqualTo(7).allSatisfy(chart -> {
            ContextMenu menu = ChartImages.menuOf(chart);
            assertThat(menu).as("image menu of %s", chart).isNotNull();
            assertThat(menu.getItems()).extracting(MenuItem::getText).as("menu of %s", chart)
                    .isEqualTo(List.of(ChartImages.COPY, ChartImages.SAVE));
            assertThat(chart.getOnContextMenuRequested()).isNotNull();
        });
    }
}
