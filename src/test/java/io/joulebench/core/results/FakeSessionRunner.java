package io.joulebench.core.results;

import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.DeviceInfo;
import io.joulebench.core.energy.EnergyKind;
import io.joulebench.core.energy.EnergyMethod;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.session.EnergyContext;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.SessionBlock;
import io.joulebench.core.session.SessionRunner;
import io.joulebench.core.session.SessionSink;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.Study;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.IssuerReport;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.warmup.WarmupMode;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.window.RequestLogSpill;
import io.joulebench.core.window.IssuerSummary;
import io.joulebench.core.window.LatencyPercentiles;
import io.joulebench.core.window.LevelOutcome;
import io.joulebench.core.window.LevelValidation;
import io.joulebench.core.window.RequestLogRow;
import io.joulebench.core.window.SloResult;
import io.joulebench.core.window.WindowMetrics;
import io.joulebench.core.window.WindowRecord;
import io.joulebench.core.window.WindowSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;

/**
 * A session runner without servers that emits realistic levels: per window a simulated bracket (samples, truth,
 * cross-check), metrics with percentiles, a request log with two rows, a fixed warmup; valid unless the cell's rate
 * is listed as invalid. It sleeps {@code windowMillis} per window (interruptible) and can interrupt itself after a
 * number of closed levels, to test crediting.
 */
public class FakeSessionRunner implements SessionRunner {

    public final List<List<ResolvedCell>> groups = new CopyOnWriteArrayList<>();
    private final long windowMillis;
    private Predicate<ResolvedCell> invalid = c -> false;
    private Predicate<ResolvedCell> launchFails = c -> false;
    private int interruptAfterLevels = -1;
    private String invalidReason = "J/token CV 0.21 > 0.05 over windows 0-2";
    private double baselineW = 80.0;
    private int levelsClosed;

    public FakeSessionRunner(long windowMillis) {
        this.windowMillis = windowMillis;
    }

    public FakeSessionRunner invalidWhen(Predicate<ResolvedCell> p) {
        invalid = p;
        return this;
    }

    public FakeSessionRunner launchFailsWhen(Predicate<ResolvedCell> p) {
        launchFails = p;
        return this;
    }

    public FakeSessionRunner invalidReason(String reason) {
        invalidReason = reason;
        return this;
    }

    public FakeSessionRunner baselineW(double watts) {
        baselineW = watts;
        return this;
    }

    /** Interrupts the running thread once this many levels (over the runner's life) have closed. */
    public FakeSessionRunner interruptAfterLevels(int n) {
        interruptAfterLevels = n;
        return this;
    }

    @Override
    public void runGroup(io.joulebench.core.study.StudyPlan plan, List<ResolvedCell> cells, SessionSink sink, StudyRunListener listener)
            throws InterruptedException {
        groups.add(List.copyOf(cells));
        String sessionId = HexFormat.of().formatHex(java.nio.ByteBuffer.allocate(8)
                .putLong(ThreadLocalRandom.current().nextLong()).array());
        try {
            if (launchFails.test(cells.get(0))) {
                for (ResolvedCell c : cells) {
                    sink.cellFailed(c, "ServerLaunchException", "launch failed: image not found");
                }
                return;
            }
            listener.sessionStarted(sessionId, cells);
            int windows = 0;
            for (int k = 0; k < cells.size(); k++) {
                ResolvedCell cell = cells.get(k);
                // as the real session does: every record, event and result carries the plan's level index
                int level = plan.levelOf(cell) >= 0 ? plan.levelOf(cell) : k;
                sink.cellStarted(cell, sessionId);
                int perLevel = cell.isServer() ? cell.experiment().server().windowsPerLevel() : 1;
                double rate = cell.rate() == null ? 1 : cell.rate();
                WindowSpec spec = new WindowSpec(rate, 0.001 * Math.max(1, windowMillis), 0, perLevel, 0.05);
                listener.levelStarted(level, spec);
                WarmupResult warmup = new WarmupResult(level, WarmupMode.FIXED, true, false, 3.0, 120.0,
                        null, "fixed 3 s");
                List<WindowRecord> closed = new ArrayList<>();
                try {
                    for (int w = 0; w < perLevel; w++) {
                        Thread.sleep(windowMillis);
                        Path log = sink.requestLogPath(cell, sessionId, level, w);
                        WindowRecord record = window(level, w, rate);
                        writeRequests(log, level, w, record);
                        closed.add(record);
                        listener.windowClosed(record);
                    }
                } catch (InterruptedException e) {
                    LevelResult cut = new LevelResult(cell, sessionId, level, null, closed, warmup,
                            energy(baselineW), "interrupted", true);
                    sink.levelClosed(cut, block(sessionId, windows, k + 1));
                    sink.sessionClosed(block(sessionId, windows, k + 1));
                    throw e;
                }
                windows += closed.size();
                boolean ok = !invalid.test(cell);
                LevelValidation validation = new LevelValidation(ok, ok ? null : invalidReason, ok ? 0.01 : 0.21, closed.size(), 0.05);
                LevelOutcome outcome = new LevelOutcome(level, spec, closed, validation, new IssuerSummary(
                        30, 29, 1, 0, 10_000_000_000L, null, 0.0, IssuerReport.LatencySummary.EMPTY));
                LevelResult result = new LevelResult(cell, sessionId, level, outcome, closed, warmup, energy(baselineW),
                        null, false);
                sink.levelClosed(result, block(sessionId, windows, k + 1));
                listener.levelResult(result);
                if (++levelsClosed == interruptAfterLevels) {
                    Thread.currentThread().interrupt();
                }
            }
            SessionBlock fin = new SessionBlock(sessionId, windows, cells.size(), 4.0, 400.0, 9.0, 360.0, 1.0, 50.0);
            sink.sessionClosed(fin);
            listener.sessionFinished(sessionId, fin);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static SessionBlock block(String sessionId, int windows, int levels) {
        return new SessionBlock(sessionId, windows, levels, 4.0, 400.0, 3.0 * levels, 120.0 * levels, null, null);
    }

    static EnergyContext energy() {
        return energy(80.0);
    }

    static EnergyContext energy(double baselineW) {
        return new EnergyContext("simulated", EnergyKind.SIMULATED, EnergyMethod.COUNTER, List.of(), baselineW);
    }

    /** A 5 s window at {@code rate}: 100 W-ish samples every 100 ms, ~40 tokens per request. */
    public static WindowRecord window(int level, int w, double rate) {
        long start = 10_000_000_000L + w * 5_000_000_000L;
        long end = start + 5_000_000_000L;
        List<PowerSample> samples = new ArrayList<>();
        for (long t = start; t <= end; t += 100_000_000L) {
            samples.add(new PowerSample(t, 0, 100.0 + rate + (t / 100_000_000L % 3), 55.5, false));
        }
        double energy = (100.0 + rate + 1) * 5;
        BracketResult bracket = new BracketResult(new BracketResult.Span(start, end,
                Instant.parse("2025-01-01T00:00:10Z").plusSeconds(5L * w),
                Instant.parse("2025-01-01T00:00:15Z").plusSeconds(5L * w)),
                new BracketResult.Provenance("simulated", EnergyKind.SIMULATED, EnergyMethod.COUNTER,
                        List.of(new DeviceInfo(0, "reference-gpu", "sim-0"))),
                energy, List.of(energy), energy * 1.002, energy * 0.999, samples, List.of());
        long tokens = Math.round(rate * 5 * 40) + w;
        LatencyPercentiles lat = new LatencyPercentiles(20.0, 35.5, 41.25, 50.0, 10, true);
        SloResult slo = new SloResult(new io.joulebench.core.window.Slo(200.0, null, 0.9), 1.0, true, tokens / 5.0,
                41.0, null);
        WindowMetrics metrics = new WindowMetrics(rate, Math.round(rate * 5), 0, 0, Math.round(rate * 5), 1.0, 0,
                lat, lat, lat, lat, 1.0, new LatencyPercentiles(0.1, 0.2, 0.3, 0.4, 10, true), 0.0, slo);
        return new WindowRecord(level, w, start, end, bracket, tokens, 0.012, metrics, tokens, false);
    }

    private static void writeRequests(Path log, int level, int w, WindowRecord record) {
        // as the window manager does: the rows spilled typed, the bundle writer renders requests.csv from them
        try (RequestLogSpill spill = new RequestLogSpill(level, w + 1, (l, window) -> log)) {
            for (int i = 0; i < 2; i++) {
                long issued = record.spanStartNanos() + i * 1_000_000_000L;
                RequestRecord r = new RequestRecord(i, issued, issued, issued + 200_000_000L, RequestStatus.OK, null,
                        new CompletionResult("x", new long[] {issued + 20_000_000L, issued + 40_000_000L}, 12, 2,
                                "stop"));
                spill.row(new RequestLogRow(r, level, w, true, false, false));
            }
        }
    }
}
