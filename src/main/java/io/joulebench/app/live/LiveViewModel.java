package io.joulebench.app.live;

import io.joulebench.app.fx.Confirmer;
import io.joulebench.app.fx.EnergyBanner;
import io.joulebench.app.fx.ErrorMessages;
import io.joulebench.app.fx.ErrorReporter;
import io.joulebench.app.fx.Formats;
import io.joulebench.app.fx.PollScheduler;
import io.joulebench.app.fx.UiExecutor;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * State and actions of the live view. A poll thread reads the feed's snapshot at a fixed cadence and hands it to
 * the UI thread once per tick (a tick still pending is not queued twice); {@link #apply} maps it into bounded chart
 * models, KPI values, progress text and level rows. Nothing is posted per sample.
 */
public final class LiveViewModel {

    public static final int DEFAULT_HZ = 10;
    public static final int MAX_WINDOW_POINTS = 2000;
    /** Points per device trace at most… */
    public static final int MAX_POWER_POINTS = 600;
    /** …and across all traces: eight GPUs get 300 each (drawing them dominates a frame on a software pipeline). */
    public static final int MAX_POWER_POINTS_TOTAL = 2400;

    private final LiveRunFeed feed;
    private final RunController controller;
    private final UiExecutor ui;
    private final PollScheduler scheduler;
    private final Confirmer confirmer;
    private final ErrorReporter errors;
    private final Duration period;
    private final AtomicBoolean tickPending = new AtomicBoolean();
    private final javafx.beans.property.ObjectProperty<ReplayRateModel> replayRates =
            new javafx.beans.property.SimpleObjectProperty<>(ReplayRateModel.EMPTY);
    private PollScheduler.Handle polling;
    private long appliedVersion = -1;

    private final ObjectProperty<WindowChartModel> windowChart = new SimpleObjectProperty<>(WindowChartModel.EMPTY);
    private final ObjectProperty<CapacityChartModel> capacityChart =
            new SimpleObjectProperty<>(CapacityChartModel.EMPTY);
    private final javafx.beans.property.BooleanProperty searchInFocus =
            new javafx.beans.property.SimpleBooleanProperty(false);
    private final ObjectProperty<PowerChartModel> powerChart = new SimpleObjectProperty<>(PowerChartModel.EMPTY);
    private final ObservableList<LevelRow> levelRows = FXCollections.observableArrayList();
    private final ObservableList<JobRow> jobRows = FXCollections.observableArrayList();
    private final StringProperty following = new SimpleStringProperty("");
    private final BooleanProperty canFollow = new SimpleBooleanProperty();
    private final ObjectProperty<RunState> state = new SimpleObjectProperty<>(RunState.IDLE);
    private final BooleanProperty canRun = new SimpleBooleanProperty();
    private final StringProperty runBlockedBy = new SimpleStringProperty("");
    private final StringProperty runOffReason = new SimpleStringProperty("");
    private final BooleanProperty canCancel = new SimpleBooleanProperty();
    private final BooleanProperty canResume = new SimpleBooleanProperty();
    private final StringProperty banner = new SimpleStringProperty("");
    private final StringProperty energyLabel = new SimpleStringProperty("");
    private final StringProperty levelText = new SimpleStringProperty("No run yet");
    private final StringProperty windowText = new SimpleStringProperty("");
    private final StringProperty warmupText = new SimpleStringProperty("");
    private final StringProperty etaText = new SimpleStringProperty("");
    private final StringProperty notice = new SimpleStringProperty("");
    private final DoubleProperty progress = new SimpleDoubleProperty();
    private final DoubleProperty powerW = new SimpleDoubleProperty(Double.NaN);
    private final DoubleProperty jPerToken = new SimpleDoubleProperty(Double.NaN);
    private final DoubleProperty tokensPerS = new SimpleDoubleProperty(Double.NaN);
    private final DoubleProperty inFlight = new SimpleDoubleProperty(Double.NaN);
    private final DoubleProperty latenessP99Ms = new SimpleDoubleProperty(Double.NaN);
    private final DoubleProperty temperatureC = new SimpleDoubleProperty(Double.NaN);

    /**
     * @param hz polls per second, 4 to 25
     */
    public LiveViewModel(RunBackend backend, UiExecutor ui, PollScheduler scheduler, Confirmer confirmer,
            ErrorReporter errors, int hz) {
        if (hz < 4 || hz > 25) {
            throw new IllegalArgumentException("live poll rate must be 4 to 25 Hz, was " + hz);
        }
        this.feed = backend.feed();
        this.controller = backend.controller();
        this.ui = ui;
        this.scheduler = scheduler;
        this.confirmer = confirmer;
        this.errors = errors;
        this.period = Duration.ofNanos(1_000_000_000L / hz);
        runBlockedBy.addListener((o, a, b) -> updateActions());
        updateActions();
    }

    /** Keeps Run off while {@code reason} is not empty (the editor's study has problems), saying why. */
    public void blockRunWhile(javafx.beans.value.ObservableStringValue reason) {
        runBlockedBy.bind(reason);
    }

    /** Why Run is off ("" when it is on): no backend, a run in progress, or the blocking reason. */
    public ReadOnlyStringProperty runOffReasonProperty() {
        return runOffReason;
    }

    public Duration pollPeriod() {
        return period;
    }

    /** Starts polling the feed; idempotent. */
    public void startPolling() {
        if (polling == null) {
            polling = scheduler.schedule(period, this::tick);
        }
    }

    public void stopPolling() {
        if (polling != null) {
            polling.close();
            polling = null;
        }
    }

    /** One poll: runs on the poll thread, reads the snapshot there and posts at most one apply to the UI thread. */
    void tick() {
        if (!tickPending.compareAndSet(false, true)) {
            return;
        }
        LiveSnapshot snapshot = feed.snapshot();
        ReplayRateModel rates = feed.replayRates();
        ui.execute(() -> {
            tickPending.set(false);
            apply(snapshot);
            applyReplay(rates);
        });
    }

    /** Maps a snapshot onto the view's state; on the UI thread. A snapshot already applied is skipped. */
    public void apply(LiveSnapshot s) {
        if (s.version() == appliedVersion) {
            return;
        }
        appliedVersion = s.version();
        state.set(s.state());
        windowChart.set(WindowChartModel.of(s.windows(), s.levels(), MAX_WINDOW_POINTS));
        CapacityChartModel capacity = CapacityChartModel.of(s.search());
        if (!capacity.equals(capacityChart.get())) {
            capacityChart.set(capacity);
        }
        // The search is the thing to watch until it has found its rate and the measured windows begin.
        searchInFocus.set(capacity.present() && (!capacity.finished() || s.windows().isEmpty()));
        powerChart.set(PowerChartModel.of(s, pointsPerTrace(s.power().size())));
        if (!levelRows.equals(s.levels())) {
            levelRows.setAll(s.levels());
        }
        if (!jobRows.equals(s.jobs())) {
            jobRows.setAll(s.jobs());
        }
        Path followed = controller.followedFolder();
        following.set(followed == null ? "" : followingText(followed));
        banner.set(EnergyBanner.textFor(s.energyKind()));
        energyLabel.set(s.energyLabel().isEmpty() ? "" : "Energy: " + s.energyLabel());
        Kpis k = s.kpis();
        // A cancelled or failed run has no current readings: its tiles read "—", not the last values.
        boolean stopped = s.state() == RunState.CANCELLED || s.state() == RunState.FAILED;
        powerW.set(stopped ? Double.NaN : k.powerW());
        jPerToken.set(stopped ? Double.NaN : k.jPerToken());
        tokensPerS.set(stopped ? Double.NaN : k.tokensPerS());
        inFlight.set(stopped ? Double.NaN : k.inFlight());
        latenessP99Ms.set(stopped ? Double.NaN : k.dispatchLatenessP99Ms());
        temperatureC.set(stopped ? Double.NaN : k.temperatureC());
        applyProgress(s.state(), s.progress());
        if ((s.state() == RunState.CANCELLED || s.state() == RunState.FAILED) && s.progress().row() >= 0
                && s.progress().row() < s.levels().size()) {
            // The window that was open when the run stopped is not done: say how many the level finished, as its
            // row in the level table does (the header read "Window 3/3" beside a row of 2/3).
            LevelRow row = s.levels().get(s.progress().row());
            windowText.set("Window " + row.windowsDone() + "/" + row.windowsTotal() + " done");
        }
        updateActions();
    }

    /** Shows a trace replay's scheduled and achieved rate; on the UI thread. An equal model is not set again. */
    public void applyReplay(ReplayRateModel rates) {
        if (!rates.equals(replayRates.get())) {
            replayRates.set(rates);
        }
    }

    /** A trace replay's scheduled and achieved rate ({@link ReplayRateModel#EMPTY} without a replay). */
    public ReadOnlyObjectProperty<ReplayRateModel> replayRatesProperty() {
        return replayRates;
    }

    /** The per-trace point budget for {@code traces} devices: an even number, at least 100. */
    static int pointsPerTrace(int traces) {
        int share = MAX_POWER_POINTS_TOTAL / Math.max(1, traces);
        return Math.max(100, Math.min(MAX_POWER_POINTS, share - share % 2));
    }

    private void applyProgress(RunState runState, RunProgress p) {
        if (p.levelCount() == 0) {
            levelText.set(runState == RunState.IDLE ? "No run yet" : "Preparing…");
            windowText.set("");
            warmupText.set("");
            etaText.set("");
        } else {
            levelText.set("Level " + p.level() + "/" + p.levelCount() + " at " + Formats.rate(p.rate(), p.sessions()));
            windowText.set(p.window() == 0 ? "Window —/" + p.windowCount()
                    : "Window " + p.window() + "/" + p.windowCount());
            boolean stopped = runState == RunState.CANCELLED || runState == RunState.FAILED;
            // a run cancelled in its warmup never hears the warmup finish: it must not read as still running
            warmupText.set("Warmup: " + (stopped ? p.warmup().labelAfterStop() : p.warmup().label()));
            etaText.set(switch (runState) {
                case FINISHED -> "Finished";
                case CANCELLED -> "Cancelled";
                case FAILED -> "Failed";
                default -> "ETA " + Formats.duration(p.eta());
            });
        }
        progress.set(Math.max(0, Math.min(1, p.fraction())));
    }

    private void updateActions() {
        boolean available = controller.available();
        String blocked = runBlockedBy.get() == null ? "" : runBlockedBy.get();
        canRun.set(available && !state.get().active() && blocked.isEmpty());
        runOffReason.set(!available ? "Runs are not available in this workbench"
                : state.get().active() ? "A run is in progress (Esc cancels it)" : blocked);
        canCancel.set(available && state.get().active() && state.get() != RunState.CANCELLING);
        canResume.set(available && !state.get().active());
        canFollow.set(controller.canFollow() && !controller.running());
    }

    /** Runs the editor's study. */
    public void run() {
        if (!canRun.get()) {
            return;
        }
        try {
            controller.start();
        } catch (io.joulebench.app.fx.UserMessageException e) {
            errors.report("The study did not start: " + e.getMessage() + ".", e);
        } catch (RuntimeException e) {
            errors.report("The study did not start: " + ErrorMessages.describe(e) + ".", e);
        }
    }

    /** Asks first, then cancels the run; returns whether it was cancelled. */
    public boolean cancel() {
        if (!canCancel.get()) {
            return false;
        }
        String question = controller.cancelQuestion();
        if (!confirmer.confirm("Cancel run", question != null ? question : "Cancel the running study? Levels already"
                + " finished stay credited; the open level is discarded and servers are stopped.")) {
            return false;
        }
        try {
            controller.cancel();
            return true;
        } catch (RuntimeException e) {
            errors.report("The run could not be cancelled: " + ErrorMessages.describe(e) + ".", e);
            return false;
        }
    }

    /** Shows a short notice next to the run controls (e.g. that the window closes once the run has stopped). */
    public void showNotice(String text) {
        notice.set(text);
    }

    /** Continues an interrupted results folder. */
    public void resume(Path resultsFolder) {
        if (!canResume.get()) {
            return;
        }
        try {
            controller.resume(resultsFolder);
        } catch (RuntimeException e) {
            errors.report("Could not resume " + resultsFolder + ": " + ErrorMessages.describe(e) + ".", e);
        }
    }

    /**
     * Follows a results folder another process writes (a run in a terminal, a cluster run): the live view shows it
     * as it shows its own runs, and Cancel cancels it.
     */
    public void follow(Path resultsFolder) {
        if (!canFollow.get()) {
            return;
        }
        try {
            controller.follow(resultsFolder);
            following.set(followingText(resultsFolder));
            updateActions();
        } catch (RuntimeException e) {
            errors.report("Could not follow " + resultsFolder + ": " + ErrorMessages.describe(e) + ".", e);
        }
    }

    /** "Following quickstart-20261202T0800Z": the folder's name (the view's tooltip shows it whole). */
    static String followingText(Path folder) {
        Path name = folder.getFileName();
        return "Following " + (name == null ? folder : name);
    }

    /** Shows this workbench's own runs again (the followed run goes on). */
    public void stopFollowing() {
        controller.stopFollowing();
        following.set("");
    }

    /** "Following DIR" while a folder is followed, else empty. */
    public ReadOnlyStringProperty followingProperty() {
        return following;
    }

    public ReadOnlyBooleanProperty canFollowProperty() {
        return canFollow;
    }

    /** A cluster run's jobs (empty for a run on this machine). */
    public ObservableList<JobRow> jobRows() {
        return jobRows;
    }

    /** The capacity search chart; {@link CapacityChartModel#EMPTY} when the run has no search. */
    public ReadOnlyObjectProperty<CapacityChartModel> capacityChartProperty() {
        return capacityChart;
    }

    /** True while a capacity search runs (and until the first measured window after it): the view shows it. */
    public javafx.beans.value.ObservableBooleanValue searchInFocusProperty() {
        return searchInFocus;
    }

    public ReadOnlyObjectProperty<WindowChartModel> windowChartProperty() {
        return windowChart;
    }

    public ReadOnlyObjectProperty<PowerChartModel> powerChartProperty() {
        return powerChart;
    }

    public ObservableList<LevelRow> levelRows() {
        return levelRows;
    }

    public ReadOnlyObjectProperty<RunState> stateProperty() {
        return state;
    }

    public ReadOnlyBooleanProperty canRunProperty() {
        return canRun;
    }

    public ReadOnlyBooleanProperty canCancelProperty() {
        return canCancel;
    }

    public ReadOnlyBooleanProperty canResumeProperty() {
        return canResume;
    }

    public ReadOnlyStringProperty bannerProperty() {
        return banner;
    }

    public ReadOnlyStringProperty energyLabelProperty() {
        return energyLabel;
    }

    public ReadOnlyStringProperty noticeProperty() {
        return notice;
    }

    public ReadOnlyStringProperty levelTextProperty() {
        return levelText;
    }

    public ReadOnlyStringProperty windowTextProperty() {
        return windowText;
    }

    public ReadOnlyStringProperty warmupTextProperty() {
        return warmupText;
    }

    public ReadOnlyStringProperty etaTextProperty() {
        return etaText;
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress;
    }

    public ReadOnlyDoubleProperty powerWProperty() {
        return powerW;
    }

    public ReadOnlyDoubleProperty jPerTokenProperty() {
        return jPerToken;
    }

    public ReadOnlyDoubleProperty tokensPerSProperty() {
        return tokensPerS;
    }

    public ReadOnlyDoubleProperty inFlightProperty() {
        return inFlight;
    }

    public ReadOnlyDoubleProperty latenessP99MsProperty() {
        return latenessP99Ms;
    }

    public ReadOnlyDoubleProperty temperatureCProperty() {
        return temperatureC;
    }
}
