package io.joulebench.core.session;

import io.joulebench.core.attribution.AttributionRule;
import io.joulebench.core.study.DisplayNumber;
import io.joulebench.core.study.ExperimentConfig;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.ServerConfig;
import io.joulebench.core.study.SloConfig;
import io.joulebench.core.study.TrafficConfig;
import io.joulebench.core.warmup.Warmup;
import io.joulebench.core.warmup.WarmupConfig;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.warmup.WarmupTrafficException;
import io.joulebench.core.window.AbortedLevel;
import io.joulebench.core.window.AbortedLevelException;
import io.joulebench.core.window.RequestLogSpill;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.LevelPlan;
import io.joulebench.core.window.LevelRule;
import io.joulebench.core.window.Slo;
import io.joulebench.core.window.WindowManager;
import io.joulebench.core.window.WindowSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drives the levels of an entered session in order (spec §4.3): cooldown, mark running, warmup and the window manager,
 * then hands the level to the sink the moment it closes. A warmup traffic error stops the session (that cell and the
 * later ones fail); any other level failure is recorded with its reason and the next level runs. An interrupt sends
 * the cut level to the sink as {@code interrupted} and propagates.
 * <p>
 * The server is checked before each level and after a level that failed: once it is dead, the failed level (its
 * closed windows kept) and every later cell of the group fail with "server exited during level L (exit code N):
 * …last log lines…", and no level runs against it. The cell's level index in its plan group (the window id's level,
 * {@link io.joulebench.core.study.StudyPlan#levelOf}) is the one index the level's plan, events, records,
 * request-log rows and result all carry; texts people read name it from 1 ({@link DisplayNumber}: {@code L} is
 * {@code level_index + 1}, the Results table's Level).
 */
final class LevelDriver {

    private static final Logger LOG = LoggerFactory.getLogger(LevelDriver.class);
    /** The failure type of cells that could not run because the server had died. */
    static final String SERVER_EXITED = "ServerExited";

    private final ActiveSession s;
    private final CapacityRun capacity;

    LevelDriver(ActiveSession session) {
        this.s = session;
        this.capacity = new CapacityRun(session);
    }

    /** Runs every level; returns normally also when warmup aborted the session or the server died. */
    void run() throws InterruptedException {
        List<ResolvedCell> cells = s.cells();
        for (int k = 0; k < cells.size(); k++) {
            ResolvedCell cell = cells.get(k);
            int planned = s.plan().levelOf(cell);
            int level = planned >= 0 ? planned : k;
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException("interrupted before " + named(level));
            }
            ServerConfig server = cell.experiment().server();
            if (k > 0 && server.cooldownSeconds() > 0) {
                s.measurement().clock().sleep(Duration.ofNanos(Math.round(server.cooldownSeconds() * 1e9)));
            }
            String gone = s.server().deathReason("before " + named(level));
            if (gone != null) {
                LOG.error("session {}: {}", s.sessionId(), gone);
                failFrom(k, SERVER_EXITED, gone);
                return;
            }
            s.output().cellStarted(cell);
            AtomicReference<WarmupResult> warmup = new AtomicReference<>();
            if (cell.experiment().server().capacitySearch() != null) {
                ResolvedCell measured;
                try {
                    measured = capacity.measuredCell(cell, level);
                } catch (InterruptedException e) {
                    deliver(context(cell, level, warmup).cut(List.of(), "interrupted (capacity search)"));
                    Thread.interrupted();
                    throw new InterruptedException("interrupted during the capacity search before " + named(level));
                }
                if (measured == null) {
                    s.output().cellsFailed(List.of(cell), CapacityRun.NO_CAPACITY, capacity.reason(cell));
                    continue;
                }
                cell = measured;
            }
            LevelResult result;
            try {
                LevelOutcome o = new WindowManager(s.measurement().clock()).runLevel(plan(level, cell, warmup));
                result = context(cell, level, warmup).completed(o);
            } catch (WarmupTrafficException e) {
                String died = s.server().deathReason("during the warmup before " + named(level));
                LOG.error("session {}: warmup before {} failed: {}", s.sessionId(), named(level),
                        died != null ? died : e.getMessage());
                if (died != null) {
                    failFrom(k, SERVER_EXITED, died);
                } else {
                    failFrom(k, WarmupTrafficException.class.getSimpleName(), "warmup failed: " + e.getMessage());
                }
                return;
            } catch (AbortedLevelException e) {
                AbortedLevel a = e.abortedLevel();
                // an interrupt can surface wrapped (a meter read cut short throws MeterException): it is still a cut
                boolean cut = causedByInterrupt(e) || Thread.currentThread().isInterrupted();
                result = cut ? context(cell, level, warmup).cut(a.completedWindows(), a.reason())
                        : context(cell, level, warmup).aborted(a.completedWindows(), a.reason());
            } catch (InterruptedException e) {
                result = context(cell, level, warmup).cut(List.of(), cutBefore(warmup));
            } catch (RuntimeException e) {
                // A cancel that reached a blocking call (a meter read in the warmup) and came back as that call's own
                // exception: the level was cut, not failed, so resume reruns it.
                boolean cut = causedByInterrupt(e) || Thread.currentThread().isInterrupted();
                if (cut) {
                    LOG.debug("session {}: {} cut by an interrupt", s.sessionId(), named(level), e);
                } else {
                    LOG.error("session {}: {} failed", s.sessionId(), named(level), e);
                }
                result = cut ? context(cell, level, warmup).cut(List.of(), cutBefore(warmup))
                        : context(cell, level, warmup).aborted(List.of(), "level failed: " + describe(e));
            }
            String died = result.interrupted() || result.valid() ? null
                    : s.server().deathReason("during " + named(level));
            if (died != null) {
                LOG.error("session {}: {} (the level had failed with: {})", s.sessionId(), died,
                        result.invalidReason());
                result = result.serverDied(died);
            }
            LOG.info("session {} {} ({}): {}{}", s.sessionId(), named(level), cell.label(),
                    result.valid() ? "valid" : result.interrupted() ? "interrupted" : "invalid",
                    result.outcome() == null ? "" : ", cv " + result.outcome().validation().cv()
                            + (result.valid() ? "" : ": " + result.invalidReason()));
            boolean interrupted = result.interrupted() | Thread.interrupted(); // the sink writes files: clear the flag
            deliver(result);
            // a cancel that arrived while the level was being credited stops the session here, as one before it did
            interrupted |= Thread.interrupted();
            if (interrupted) {
                throw new InterruptedException("interrupted during " + named(level));
            }
            if (died != null) {
                failFrom(k + 1, SERVER_EXITED, died);
                return;
            }
        }
    }

    /** A level as people read it ({@link DisplayNumber}: level_index 0 is "level 1", as in Results). */
    static String named(int levelIndex) {
        return "level " + DisplayNumber.of(levelIndex);
    }

    private LevelResult.Context context(ResolvedCell cell, int level, AtomicReference<WarmupResult> warmup) {
        return LevelResult.of(cell, s.sessionId(), level, warmup.get(), s.measurement().energy());
    }

    /** Why a level cut before its windows: during its warmup, or (after it) during the ramp. */
    private static String cutBefore(AtomicReference<WarmupResult> warmup) {
        return warmup.get() == null ? "interrupted (warmup)" : "interrupted (ramp)";
    }

    /** A level's plan at its plan level index {@code planLevel}. */
    private LevelPlan plan(int planLevel, ResolvedCell cell, AtomicReference<WarmupResult> warmupResult) {
        ExperimentConfig e = cell.experiment();
        ServerConfig server = e.server();
        TrafficConfig t = server.traffic();
        WindowSpec spec = WindowSpec.builder().rate(s.traffic().rate(cell))
                .durationSeconds(t.levelWindowSeconds()).rampExclusionSeconds(t.rampExclusionSeconds())
                .windowsPerLevel(server.windowsPerLevel()).cvThreshold(server.stabilityCvThreshold())
                .maxErrorFraction(server.maxErrorFraction()).build();
        WarmupConfig config = warmupConfig(e);
        SessionMeasurement m = s.measurement();
        SessionTraffic traffic = s.traffic();
        StudyRunListener listener = s.output().listener();
        Warmup warmup = new Warmup(m.clock(), m.meter(), traffic.transport(), ignored -> traffic.source(cell, true),
                config);
        return LevelPlan.builder(spec, traffic.source(cell, false), traffic.transport(), m::bracket)
                .drainTimeout(traffic.drainTimeout())
                .warmup(new AutoWindowHook((level, levelSpec) -> {
                    listener.warmupStarted(level, config.mode());
                    WarmupResult r = AutoWindowHook.choose(warmup.run(level, levelSpec), t, levelSpec);
                    warmupResult.set(r);
                    s.output().tally().warmup(r);
                    listener.warmupFinished(r);
                    if (r.windowChoice() != null) {
                        listener.windowLengthChosen(level, r.windowChoice());
                    }
                }, warmupResult::get))
                .levelIndex(planLevel)
                .requestLog(RequestLogSpill.factory((level, window) -> logPath(cell, level, window)))
                .listener(listener)
                .slo(slo(t.slo()))
                .attribution(new AttributionRule(e.measurement().prefillWeight(), m.energy().baselinePowerW()))
                .rule(t.trace() != null ? LevelRule.REPLAY : LevelRule.STATIONARY)
                .build();
    }

    /** The study's warmup at the study's sampling cadence; cooldown is the driver's, not the warmup's. */
    static WarmupConfig warmupConfig(ExperimentConfig e) {
        io.joulebench.core.study.WarmupSettings w = e.server().warmup();
        return new WarmupConfig(w.mode(), w.timeoutSeconds(), w.durationSeconds(),
                e.measurement().sampleIntervalMs() / 1000.0, 2.0, 0);
    }

    private static Slo slo(SloConfig c) {
        return c == null || (c.ttftMs() == null && c.tpotMs() == null) ? null
                : new Slo(c.ttftMs(), c.tpotMs(), c.percentile());
    }

    private java.nio.file.Path logPath(ResolvedCell cell, int level, int window) {
        try {
            return s.output().requestLogPath(cell, level, window);
        } catch (IOException e) {
            throw new UncheckedIOException("no request log path for " + named(level) + " window "
                    + DisplayNumber.of(window), e);
        }
    }

    private void deliver(LevelResult result) {
        s.output().levelClosed(result, named(result.levelIndex()));
    }

    /** The warmup failed or the server died: cell {@code from} and every later one fail with the reason. */
    private void failFrom(int from, String type, String reason) {
        s.output().cellsFailed(s.cells().subList(from, s.cells().size()), type, reason);
    }

    static String describe(Throwable e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null || m.isBlank() ? "" : ": " + m);
    }

    private static boolean causedByInterrupt(Throwable e) {
        for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
            if (c instanceof InterruptedException) {
                return true;
            }
        }
        return false;
    }
}
