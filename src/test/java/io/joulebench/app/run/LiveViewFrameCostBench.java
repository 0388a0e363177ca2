package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.app.TestServices;
import io.joulebench.app.fx.ExecutorPollScheduler;
import io.joulebench.app.fx.UiExecutor;
import io.joulebench.app.live.FakeRunController;
import io.joulebench.app.live.LiveView;
import io.joulebench.app.live.LiveViewModel;
import io.joulebench.app.live.RunBackend;
import io.joulebench.app.live.RunState;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Scene;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 10's frame-cost figure: the real {@link LiveView} on screen (up to 1440 × 900, the workbench's stylesheet) over a
 * {@link StudyRunLiveFeed} polled at the default 10 Hz, fed by {@link SyntheticHighRateRun} (10k req/s-sized
 * windows, 8 GPUs at 10 Hz, a trace buffer full from the start) for {@code bench.seconds} (default 60).
 * Per frame, on the FX thread:
 * <ul>
 *   <li><b>frame</b>: from the pulse's start (an {@link AnimationTimer}, which also keeps pulses coming at the
 *       display rate) to a marker posted after its layout pass, which runs once the pulse (CSS, layout, copying
 *       the scene to the render thread, including any wait for the previous render) and whatever was queued
 *       before the marker (a poll's apply) have run;</li>
 *   <li><b>apply</b>: each poll's snapshot-to-view-model step, timed by the UI executor;</li>
 *   <li><b>interval</b>: between consecutive pulse starts.</li>
 * </ul>
 * The first 5 s are JIT warm-up and not counted. Tagged {@code bench}: run it on purpose, headless through Monocle
 * (surefire's settings) with
 * {@code ./mvnw -o -q test -Dtest=LiveViewFrameCostBench -Dsurefire.excludedGroups=soak}; the figures go to stdout
 * and {@code target/bench/live-view-frame-cost.txt}.
 */
@Tag("bench")
class LiveViewFrameCostBench {

    private static final double WARMUP_S = 5;

    @Test
    void live_view_frame_cost_at_10k_req_s_and_8_gpus_sampled_at_10_hz() throws Exception {
        double seconds = Double.parseDouble(System.getProperty("bench.seconds", "60"));
        String loadBefore = loadAverage();
        StudyRunLiveFeed feed = new StudyRunLiveFeed();
        Samples apply = new Samples();
        Samples applyCpu = new Samples();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        UiExecutor timedUi = work -> Platform.runLater(() -> {
            long cpu0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            work.run();
            apply.add(System.nanoTime() - t0);
            applyCpu.add(threads.getCurrentThreadCpuTime() - cpu0);
        });
        TestServices services = new TestServices();
        ExecutorPollScheduler poller = new ExecutorPollScheduler();
        LiveViewModel vm = new LiveViewModel(new RunBackend(feed, new FakeRunController()), timedUi, poller,
                services.confirmer, services.errors, LiveViewModel.DEFAULT_HZ);
        Samples frames = new Samples();
        Samples frameCpu = new Samples();
        Samples layouts = new Samples();
        Samples intervals = new Samples();
        AtomicReference<AnimationTimer> timer = new AtomicReference<>();
        AtomicReference<String> sceneSize = new AtomicReference<>("");

        FxToolkit.registerPrimaryStage();
        FxToolkit.setupStage(stage -> {
            // 1440 × 900, or the screen when smaller (Monocle's headless screen is 1280 × 800).
            javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getPrimary().getBounds();
            double width = Math.min(1440, screen.getWidth());
            double height = Math.min(900, screen.getHeight());
            Scene scene = new Scene(new LiveView(vm, () -> null).node(), width, height);
            scene.getStylesheets().add(Objects.requireNonNull(
                    LiveView.class.getResource("/io/joulebench/app/workbench.css")).toExternalForm());
            long[] start = {0};
            long[] startCpu = {0};
            timer.set(new AnimationTimer() {
                @Override
                public void handle(long now) {
                    long t = System.nanoTime();
                    if (start[0] != 0) {
                        intervals.add(t - start[0]);
                    }
                    start[0] = t;
                    startCpu[0] = threads.getCurrentThreadCpuTime();
                }
            });
            scene.addPostLayoutPulseListener(() -> {
                long begun = start[0];
                long begunCpu = startCpu[0];
                layouts.add(System.nanoTime() - begun);
                Platform.runLater(() -> {
                    frames.add(System.nanoTime() - begun);
                    frameCpu.add(threads.getCurrentThreadCpuTime() - begunCpu);
                });
            });
            sceneSize.set((int) width + " × " + (int) height + " on " + System.getProperty("glass.platform", "GTK")
                    + ", prism " + System.getProperty("prism.order", "default"));
            stage.setScene(scene);
            stage.setX(0);
            stage.setY(0);
            stage.show();
            timer.get().start();
        });
        vm.startPolling();
        feed.starting("frame-cost");
        SyntheticHighRateRun run = new SyntheticHighRateRun(feed, System::nanoTime);
        Thread driver = Thread.ofPlatform().daemon().name("synthetic-run").start(() -> {
            try {
                run.play(SyntheticHighRateRun.plan(), StudyRunLiveFeed.MAX_POWER_SAMPLES / 10.0, seconds + WARMUP_S);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Thread.sleep((long) (WARMUP_S * 1000));
        frames.reset();
        frameCpu.reset();
        applyCpu.reset();
        layouts.reset();
        intervals.reset();
        apply.reset();
        driver.join((long) ((seconds + 30) * 1000));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> vm.stateProperty().get() == RunState.FINISHED);
        vm.stopPolling();
        poller.close();
        FxToolkit.setupFixture(() -> timer.get().stop());
        String loadAfter = loadAverage();

        String report = String.format(Locale.ROOT, """
                live view frame cost, %s, %.0f s measured after %.0f s warm-up, scene %s
                  load average before: %s, after: %s
                  synthetic run: %d power batches, %d samples (8 GPUs at 10 Hz), %d windows in the chart
                  frame (pulse + queued work, FX thread): n=%d %s
                  frame, FX thread CPU time:              n=%d %s
                  layout part of the pulse:               n=%d %s
                  apply (snapshot -> view model):         n=%d %s
                  apply, FX thread CPU time:              n=%d %s
                  pulse interval:                         n=%d %s
                """, LocalDate.now(), seconds, WARMUP_S, sceneSize.get(), loadBefore, loadAfter, run.batches(), run.samples(),
                vm.windowChartProperty().get().points().size(), frames.size(), frames.summary(), frameCpu.size(),
                frameCpu.summary(), layouts.size(), layouts.summary(), apply.size(), apply.summary(), applyCpu.size(),
                applyCpu.summary(), intervals.size(), intervals.summary());
        System.out.println(report);
        Path out = Path.of("target", "bench", "live-view-frame-cost.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report, StandardCharsets.UTF_8);
        services.close();

        assertThat(frames.size()).as("pulses measured").isGreaterThan((int) seconds);
        assertThat(apply.size()).as("polls applied").isGreaterThan((int) seconds);
        assertThat(vm.windowChartProperty().get().points()).isNotEmpty();
        assertThat(vm.powerChartProperty().get().traces()).hasSize(SyntheticHighRateRun.GPUS);
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip();
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }

    /** Durations in nanoseconds, summarized in ms. */
    private static final class Samples {
        private long[] values = new long[8192];
        private int size;

        synchronized void add(long nanos) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = nanos;
        }

        synchronized void reset() {
            size = 0;
        }

        synchronized int size() {
            return size;
        }

        synchronized String summary() {
            if (size == 0) {
                return "(none)";
            }
            long[] sorted = Arrays.copyOf(values, size);
            Arrays.sort(sorted);
            return String.format(Locale.ROOT, "p50 %.2f ms, p99 %.2f ms, max %.2f ms, mean %.2f ms",
                    ms(sorted, 0.50), ms(sorted, 0.99), sorted[size - 1] / 1e6,
                    Arrays.stream(sorted).average().orElse(0) / 1e6);
        }

        private static double ms(long[] sorted, double q) {
            int i = (int) Math.ceil(q * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(sorted.length - 1, i))] / 1e6;
        }
    }
}
