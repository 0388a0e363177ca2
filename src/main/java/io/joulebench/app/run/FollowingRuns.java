package io.joulebench.app.run;

import io.joulebench.app.fx.PollScheduler;
import io.joulebench.app.live.LiveRunFeed;
import io.joulebench.app.live.LiveSnapshot;
import io.joulebench.app.live.RunBackend;
import io.joulebench.app.live.RunController;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live view's run side: the workbench's own runs, or a run followed from its results folder. While a folder is
 * followed the view shows the {@link FollowedRunFeed} and Cancel cancels that run from outside
 * ({@link FolderFollower#cancel}); the workbench's own cluster run is followed the same way (its coordinator runs
 * here, its sessions on the nodes), but its Cancel interrupts the coordinator, which cancels its jobs itself. A new
 * run or resume stops following. Every {@link #FOLLOW_PERIOD} the poll schedule hands one read of the folder to the
 * background executor (never two at once), until the run's last event.
 */
public final class FollowingRuns implements LiveRunFeed, RunController {

    private static final Logger LOG = LoggerFactory.getLogger(FollowingRuns.class);
    static final Duration FOLLOW_PERIOD = Duration.ofMillis(500);

    /** How a followed folder's own cancel is reported (the follower's sentence, or why it failed). */
    public interface Reporter {
        void cancelled(String what);

        void failed(String what, Exception cause);
    }

    /** One folder followed: each tick of the poll schedule reads what is new, on the background executor. */
    private final class Following {
        final FolderFollower follower;
        final boolean own;
        final AtomicBoolean pending = new AtomicBoolean();
        volatile boolean stopped;
        PollScheduler.Handle schedule;

        Following(FolderFollower follower, boolean own) {
            this.follower = follower;
            this.own = own;
        }

        /** On the poll thread: hands one pass to the background executor unless one is still under way. */
        void tick() {
            if (!stopped && pending.compareAndSet(false, true)) {
                background.execute(this::pass);
            }
        }

        private void pass() {
            try {
                if (!stopped && follower.poll()) {
                    stop(); // the run's last event arrived: its folder does not change any more
                }
            } catch (java.io.IOException | RuntimeException e) {
                LOG.warn("following {} stopped", follower.dir(), e);
                stop();
                follower.feed().failed();
                reporter.failed("Could not follow " + follower.dir() + ": " + e.getMessage(), e);
            } finally {
                pending.set(false);
            }
        }

        synchronized void stop() {
            stopped = true;
            if (schedule != null) {
                schedule.close();
            }
        }
    }

    private final RunBackend own;
    private final Executor background;
    private final PollScheduler poller;
    private final FolderFollower.JobCanceller scheduler;
    private final Reporter reporter;
    private final LongSupplier wallNanos;
    private volatile Following following;
    private long version;
    private Object lastSource;
    private long lastSourceVersion = -1;
    private LiveSnapshot last;

    /**
     * @param scheduler cancels a followed cluster run's jobs
     * @param wallNanos now, as nanoseconds of the epoch (the events' clock)
     */
    public FollowingRuns(RunBackend own, Executor background, PollScheduler poller,
            FolderFollower.JobCanceller scheduler, Reporter reporter, LongSupplier wallNanos) {
        this.own = own;
        this.background = background;
        this.poller = poller;
        this.scheduler = scheduler;
        this.reporter = reporter;
        this.wallNanos = wallNanos;
    }

    /** This as the live view's backend. */
    public RunBackend backend() {
        return new RunBackend(this, this);
    }

    // --- following ---

    @Override
    public boolean canFollow() {
        return true;
    }

    /** Follows {@code folder} (a run in a terminal, on a cluster, or one already over). */
    @Override
    public void follow(Path folder) {
        if (own.controller().running()) {
            throw new IllegalStateException("a study is running here; cancel it before following another folder");
        }
        startFollowing(folder, false);
    }

    /** This workbench's own cluster run writes {@code folder}: the view follows it (on the run's thread). */
    public void followOwn(Path folder) {
        startFollowing(folder, true);
    }

    private synchronized void startFollowing(Path folder, boolean ownRun) {
        stopFollowing();
        Path name = folder.getFileName();
        FollowedRunFeed feed = new FollowedRunFeed(name == null ? folder.toString() : name.toString(), wallNanos);
        Following f = new Following(new FolderFollower(folder, feed, scheduler), ownRun);
        following = f;
        synchronized (f) {
            f.schedule = poller.schedule(FOLLOW_PERIOD, f::tick);
        }
        f.tick();
    }

    @Override
    public synchronized void stopFollowing() {
        Following f = following;
        if (f != null) {
            f.stop();
            following = null;
        }
    }

    /** The folder followed now; null when the view shows the workbench's own run. */
    @Override
    public Path followedFolder() {
        Following f = following;
        return f == null ? null : f.follower.dir();
    }

    // --- the feed ---

    @Override
    public synchronized LiveSnapshot snapshot() {
        Following f = following;
        Object source = f == null ? own.feed() : f;
        LiveSnapshot s = f == null ? own.feed().snapshot() : f.follower.feed().snapshot();
        if (f != null && f.own) {
            // the workbench's own cluster run failed here (its coordinator), perhaps before it wrote an event
            LiveSnapshot mine = own.feed().snapshot();
            if (mine.state() == io.joulebench.app.live.RunState.FAILED) {
                source = own.feed();
                s = mine;
            }
        }
        if (source != lastSource || s.version() != lastSourceVersion || last == null) {
            lastSource = source;
            lastSourceVersion = s.version();
            last = s.withVersion(++version);
        }
        return last;
    }

    /** The workbench's own run's replay rates; a followed run shows none (its folder has no schedule to read). */
    @Override
    public io.joulebench.app.live.ReplayRateModel replayRates() {
        return following == null ? own.feed().replayRates() : io.joulebench.app.live.ReplayRateModel.EMPTY;
    }

    // --- the controller ---

    @Override
    public boolean available() {
        return own.controller().available();
    }

    @Override
    public void start() {
        stopFollowing();
        own.controller().start();
    }

    @Override
    public void resume(Path resultsFolder) {
        stopFollowing();
        own.controller().resume(resultsFolder);
    }

    @Override
    public String cancelQuestion() {
        Following f = following;
        if (f == null || f.own) {
            return own.controller().cancelQuestion();
        }
        boolean cluster = !f.follower.feed().snapshot().jobs().isEmpty();
        return "Cancel the run in " + f.follower.dir() + "? " + (cluster ? "Its Slurm jobs that have not ended are"
                + " cancelled (scancel) and the process running it, if it is alive, gets an interrupt"
                : "The process running it gets an interrupt, as Ctrl-C would") + ": levels that closed stay"
                + " credited and 'joulebench resume' continues the rest.";
    }

    @Override
    public void cancel() {
        Following f = following;
        if (f == null || f.own) {
            if (f != null) {
                f.follower.feed().cancelling();
            }
            own.controller().cancel();
            return;
        }
        f.follower.feed().cancelling();
        background.execute(() -> {
            try {
                reporter.cancelled(f.follower.cancel());
            } catch (java.io.IOException | RuntimeException e) {
                reporter.failed("Could not cancel the run in " + f.follower.dir() + ": " + e.getMessage(), e);
            }
        });
    }

    @Override
    public boolean running() {
        return own.controller().running();
    }

    @Override
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        return own.controller().awaitIdle(timeout);
    }
}
