package io.joulebench.app.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.app.TestServices;
import io.joulebench.app.editor.StudyCheck;
import io.joulebench.app.live.RunState;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.Study;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.concurrent.Worker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The controller drives a javafx.concurrent.Service, so these tests start the (headless) toolkit and call its actions
 * on the FX thread, as the live view does.
 */
class StudyRunControllerTest {

    /** A test copy of the quickstart, so editing the user-facing example changes no assertion here. */
    static final Path FIXTURE = Path.of("src/test/resources/studies/three-rates.yaml");

    @TempDir
    Path root;
    private final TestServices services = new TestServices();
    private final StudyRunLiveFeed feed = new StudyRunLiveFeed();
    private final io.joulebench.core.study.StudyPlan plan = StudyRunLiveFeedTest.quickstartPlan();
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final List<String> finished = new ArrayList<>();
    private final CountDownLatch done = new CountDownLatch(1);
    private Study study = quickstart();
    private String label = "";

    private final RunHost host = new RunHost() {
        @Override
        public Study studyToRun() {
            if (study == null) {
                throw new IllegalStateException("the study has 1 problem");
            }
            return study;
        }

        @Override
        public String runLabel() {
            return label;
        }

        @Override
        public void runFinished(Path folder, boolean interrupted) {
            assertThat(Platform.isFxApplicationThread()).isTrue();
            finished.add(root.relativize(folder).toString().replaceAll("\\d{8}T\\d{6}Z", "STAMP")
                    + (interrupted ? " interrupted" : ""));
            done.countDown();
        }
    };

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void tearDown() throws Exception {
        executor.shutdownNow();
        services.close();
    }

    static Study quickstart() {
        try {
            return StudyCheck.of(Files.readString(FIXTURE), null).study();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Runs an action on the FX thread and waits; its runtime exception is rethrown here. */
    static void onFx(Runnable action) {
        try {
            WaitForAsyncUtils.asyncFx(action).get(20, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Worker.State stateOf(StudyRunController c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c::serviceState).get(20, TimeUnit.SECONDS);
    }

    private StudyRunController controller(StudyExecution execution) {
        return new StudyRunController(execution, feed, host, root, services.errors, executor);
    }

    @Test
    void a_run_reports_into_the_feed_and_hands_its_results_folder_over() throws Exception {
        StudyRunController c = controller(new ScriptedStudyExecution(0));
        onFx(c::start);
        assertThat(done.await(20, TimeUnit.SECONDS)).isTrue();

        assertThat(finished).containsExactly("quickstart-STAMP");
        assertThat(feed.snapshot().state()).isEqualTo(RunState.FINISHED);
        assertThat(feed.snapshot().windows()).hasSize(9);
        assertThat(c.running()).isFalse();
    }

    @Test
    void the_workbench_names_a_study_folder_by_the_same_rule_as_the_cli() throws Exception {
        study = StudyCheck.of(Files.readString(FIXTURE)
                .replace("study_name: quickstart", "study_name: \"my study/β\""), null).study();
        java.util.concurrent.atomic.AtomicReference<Path> ran = new java.util.concurrent.atomic.AtomicReference<>();
        StudyRunController c = controller(new StudyExecution() {
            @Override
            public RunEnd run(Study s, Path outDir, StudyRunListener l) throws Exception {
                ran.set(outDir);
                Files.createDirectories(outDir);
                return RunEnd.finished();
            }

            @Override
            public RunEnd resume(Path resultsDir, StudyRunListener l) {
                return RunEnd.finished();
            }
        });
        onFx(c::start);
        assertThat(done.await(20, TimeUnit.SECONDS)).isTrue();

        // the CLI's `run` creates its folder through ResultsFolder.create, which names it by newFolderPath
        String gui = ran.get().getFileName().toString();
        String stamp = gui.substring(gui.length() - "yyyyMMddTHHmmssZ".length());
        Instant at = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmssX")
                .parse(stamp, Instant::from);
        Files.delete(ran.get());
        assertThat(gui).isEqualTo("my_study__-" + stamp)
                .isEqualTo(ResultsFolder.newFolderPath(root, "my study/β", at).getFileName().toString());
    }

    @Test
    void the_editors_run_label_reaches_the_run() throws Exception {
        // Issue 35 item 13: the workbench's Run names the run as 'run --label' does.
        label = "new driver";
        java.util.concurrent.atomic.AtomicReference<String> given = new java.util.concurrent.atomic.AtomicReference<>();
        StudyRunController c = controller(new StudyExecution() {
            @Override
            public RunEnd run(Study s, Path outDir, StudyRunListener l) throws Exception {
                given.set("(none)");
                Files.createDirectories(outDir);
                return RunEnd.finished();
            }

            @Override
            public RunEnd run(Study s, Path outDir, String runLabel, StudyRunListener l) throws Exception {
                given.set(runLabel);
                Files.createDirectories(outDir); // a run's folder, which the end hands over
                return RunEnd.finished();
            }

            @Override
            public RunEnd resume(Path resultsDir, StudyRunListener l) {
                return RunEnd.finished();
            }
        });
        onFx(c::start);
        assertThat(done.await(20, TimeUnit.SECONDS)).isTrue();
        assertThat(given.get()).isEqualTo("new driver");
    }

    @Test
    void a_cancel_from_another_thread_hops_to_the_ui_thread_through_the_injected_executor() throws Exception {
        List<Runnable> hops = new java.util.concurrent.CopyOnWriteArrayList<>();
        StudyRunController c = new StudyRunController(new ScriptedStudyExecution(0), feed, host, root,
                services.errors, executor, work -> {
                    hops.add(work);
                    Platform.runLater(work);
                });

        c.cancel(); // the test thread, not the FX thread; nothing is running

        assertThat(hops).hasSize(1);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(c.running()).isFalse();
    }

    @Test
    void cancel_interrupts_the_run_which_ends_once_torn_down() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        List<String> teardown = new ArrayList<>();
        StudyRunController c = controller(new StudyExecution() {
            @Override
            public RunEnd run(Study s, Path outDir, StudyRunListener l) throws Exception {
                Files.createDirectories(outDir);
                inside.countDown();
                try {
                    Thread.sleep(60_000);
                    return RunEnd.finished();
                } catch (InterruptedException e) {
                    return RunEnd.cancelled(); // as the core's runner does: the interrupt ends in the result
                } finally {
                    teardown.add("server stopped");
                }
            }

            @Override
            public RunEnd resume(Path resultsDir, StudyRunListener l) {
                return RunEnd.finished();
            }
        });
        onFx(c::start);
        assertThat(inside.await(20, TimeUnit.SECONDS)).isTrue();
        assertThat(c.running()).isTrue();

        onFx(c::cancel);
        assertThat(c.awaitIdle(Duration.ofSeconds(20))).isTrue();
        assertThat(teardown).containsExactly("server stopped");
        assertThat(done.await(20, TimeUnit.SECONDS)).isTrue();
        assertThat(finished).containsExactly("quickstart-STAMP interrupted");
        assertThat(feed.snapshot().state()).isEqualTo(RunState.CANCELLED);
    }

    @Test
    void a_failed_run_is_reported_once_and_marks_the_feed_failed() throws Exception {
        StudyRunController c = controller(StudyExecution.unavailable());
        onFx(c::start);
        assertThat(c.awaitIdle(Duration.ofSeconds(20))).isTrue();
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(services.errors.messages).singleElement().asString()
                .contains("The study run failed: the study runner is not available in this build");
        assertThat(feed.snapshot().state()).isEqualTo(RunState.FAILED);
        assertThat(finished).isEmpty();
    }

    @Test
    void a_run_the_circuit_breaker_stopped_is_reported_with_its_reason_and_not_opened() throws Exception {
        StudyRunController c = controller(new StudyExecution() {
            @Override
            public RunEnd run(Study s, Path outDir, StudyRunListener l) throws Exception {
                Files.createDirectories(outDir);
                l.studyFinished(false); // the core reports the end, then returns why it stopped early
                return RunEnd.aborted("the server failed its probe twice");
            }

            @Override
            public RunEnd resume(Path resultsDir, StudyRunListener l) {
                return RunEnd.finished();
            }
        });
        onFx(c::start);
        assertThat(c.awaitIdle(Duration.ofSeconds(20))).isTrue();
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(services.errors.messages).singleElement().asString()
                .contains("The study run failed: the server failed its probe twice. Levels that finished are kept in");
        assertThat(feed.snapshot().state()).isEqualTo(RunState.FAILED);
        assertThat(finished).isEmpty();
    }

    @Test
    void an_invalid_study_does_not_start() {
        study = null;
        StudyRunController c = controller(new ScriptedStudyExecution(0));
        assertThatThrownBy(() -> onFx(c::start)).hasMessageContaining("1 problem");
        assertThat(c.running()).isFalse();
        assertThat(feed.snapshot().state()).isEqualTo(RunState.IDLE);
    }

    @Test
    void resume_continues_the_folder_it_was_given() throws Exception {
        Path folder = Files.createDirectories(root.resolve("quickstart-old"));
        List<Path> resumed = new ArrayList<>();
        StudyRunController c = controller(new StudyExecution() {
            @Override
            public RunEnd run(Study s, Path outDir, StudyRunListener l) {
                return RunEnd.finished();
            }

            @Override
            public RunEnd resume(Path resultsDir, StudyRunListener l) {
                resumed.add(resultsDir);
                l.studyStarted(plan);
                l.studyFinished(false);
                return RunEnd.finished();
            }
        });
        // The folder's manifest credits the plan's first level: the live table shows it done, not pending.
        var first = plan.cells().get(0);
        new io.joulebench.core.results.Manifest("quickstart", "d", List.of(
                io.joulebench.core.results.ManifestEntry.pending(0, first.configHash(), first.cycle(), first.label())
                        .with(io.joulebench.core.results.CellStatus.COMPLETED, null, null, "s0",
                                List.of("w0", "w1", "w2"), null, "2026-01-01T00:00:00Z")))
                .write(folder.resolve(io.joulebench.core.results.Manifest.FILE_NAME));
        onFx(() -> c.resume(folder));
        assertThat(done.await(20, TimeUnit.SECONDS)).isTrue();
        assertThat(resumed).containsExactly(folder);
        assertThat(finished).containsExactly("quickstart-old");
        assertThat(feed.snapshot().levels().get(0).windowsDone()).isEqualTo(3);
        assertThat(feed.snapshot().levels().get(0).verdict()).isEqualTo(io.joulebench.app.live.Validity.VALID);
    }

    @Test
    void one_service_is_restarted_for_a_run_a_cancel_and_a_resume() throws Exception {
        Path old = Files.createDirectories(root.resolve("quickstart-old"));
        List<String> calls = new ArrayList<>();
        CountDownLatch inside = new CountDownLatch(1);
        StudyRunController c = controller(new StudyExecution() {
            @Override
            public RunEnd run(Study s, Path outDir, StudyRunListener l) {
                try {
                    Files.createDirectories(outDir);
                    calls.add("run");
                    if (calls.size() == 1) {
                        inside.countDown();
                        Thread.sleep(60_000);
                    }
                } catch (InterruptedException e) {
                    return RunEnd.cancelled();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                l.studyFinished(false);
                return RunEnd.finished();
            }

            @Override
            public RunEnd resume(Path resultsDir, StudyRunListener l) {
                calls.add("resume " + resultsDir.getFileName());
                l.studyFinished(false);
                return RunEnd.finished();
            }
        });
        assertThat(stateOf(c)).isEqualTo(Worker.State.READY);

        onFx(c::start);
        assertThat(inside.await(20, TimeUnit.SECONDS)).isTrue();
        onFx(c::cancel);
        assertThat(c.awaitIdle(Duration.ofSeconds(20))).isTrue();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(feed.snapshot().state()).isEqualTo(RunState.CANCELLED);

        onFx(() -> c.resume(old));
        assertThat(c.awaitIdle(Duration.ofSeconds(20))).isTrue();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(feed.snapshot().state()).isEqualTo(RunState.FINISHED);

        onFx(c::start);
        assertThat(c.awaitIdle(Duration.ofSeconds(20))).isTrue();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(calls).containsExactly("run", "resume quickstart-old", "run");
        assertThat(stateOf(c)).isEqualTo(Worker.State.SUCCEEDED);
        assertThat(finished).hasSize(3).first().asString().endsWith(" interrupted");
        assertThat(services.errors.messages).isEmpty();
    }

    @Test
    void a_second_start_while_running_is_refused() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        StudyRunController c = controller(new StudyExecution() {
            @Override
            public RunEnd run(Study s, Path outDir, StudyRunListener l) {
                inside.countDown();
                try {
                    Thread.sleep(60_000);
                    return RunEnd.finished();
                } catch (InterruptedException e) {
                    return RunEnd.cancelled();
                }
            }

            @Override
            public RunEnd resume(Path resultsDir, StudyRunListener l) {
                return RunEnd.finished();
            }
        });
        onFx(c::start);
        assertThat(inside.await(20, TimeUnit.SECONDS)).isTrue();
        assertThatThrownBy(() -> onFx(c::start)).hasMessageContaining("already running");
        onFx(c::cancel);
        assertThat(c.awaitIdle(Duration.ofSeconds(20))).isTrue();
    }
}
