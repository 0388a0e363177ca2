package io.joulebench.app.live;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * Test-only feed: a plausible quickstart-shaped run (rates 2, 8, 32 req/s; 3 s warmup; per level a 2 s ramp and
 * three 5 s windows; two GPUs sampled at 20 Hz; the 32 req/s level fails the stability gate), computed for any
 * instant. Deterministic: the same time always gives the same snapshot.
 */
public final class FakeLiveFeed implements LiveRunFeed {

    static final double[] RATES = {2, 8, 32};
    static final double[] J_PER_TOKEN = {0.92, 0.318, 0.121};
    static final double[] LEVEL_CV = {0.021, 0.013, 0.074};
    static final double THRESHOLD = 0.05;
    static final double WARMUP = 3, RAMP = 2, WINDOW = 5;
    static final int WINDOWS = 3;
    static final double LEVEL = RAMP + WINDOWS * WINDOW;
    static final double TOTAL = WARMUP + RATES.length * LEVEL;
    static final int MAX_SAMPLES = 2400;

    private final DoubleSupplier seconds;

    /** @param seconds the run's elapsed time in seconds, read on every {@link #snapshot()} */
    public FakeLiveFeed(DoubleSupplier seconds) {
        this.seconds = seconds;
    }

    @Override
    public LiveSnapshot snapshot() {
        return at(seconds.getAsDouble());
    }

    public static double totalSeconds() {
        return TOTAL;
    }

    /** The run as it stands {@code t} seconds after its start. */
    public static LiveSnapshot at(double t) {
        double now = Math.max(0, Math.min(t, TOTAL));
        List<WindowPoint> windows = new ArrayList<>();
        List<TimeSpan> spans = new ArrayList<>();
        List<TimeSpan> ramps = new ArrayList<>();
        List<LevelRow> levels = new ArrayList<>();
        for (int l = 0; l < RATES.length; l++) {
            double start = WARMUP + l * LEVEL;
            if (now < start) {
                break;
            }
            ramps.add(new TimeSpan(l, -1, start, Math.min(now, start + RAMP)));
            int done = 0;
            for (int w = 0; w < WINDOWS; w++) {
                double ws = start + RAMP + w * WINDOW;
                if (now >= ws) {
                    spans.add(new TimeSpan(l, w, ws, Math.min(now, ws + WINDOW)));
                }
                if (now >= ws + WINDOW) {
                    done++;
                }
            }
            boolean closed = done == WINDOWS;
            Validity v = !closed ? Validity.PENDING : LEVEL_CV[l] <= THRESHOLD ? Validity.VALID : Validity.INVALID;
            for (int w = 0; w < done; w++) {
                double wiggle = 1 + (LEVEL_CV[l] * 1.3) * Math.sin(1.7 * w + l);
                windows.add(new WindowPoint(l, w, RATES[l], J_PER_TOKEN[l] * wiggle, v,
                        closed ? LEVEL_CV[l] : Double.NaN, THRESHOLD));
            }
            String reason = v == Validity.INVALID ? "level CV " + Math.round(LEVEL_CV[l] * 1000) / 10.0
                    + " % above threshold 5 %" : "";
            // the highest rate's client lags (issue 34): its row shows the client warning under the verdict
            String client = l == 2 && done > 0
                    ? new io.joulebench.core.window.ClientLoad(6.8, 41, 0.93).brief(9.2) : "";
            levels.add(new LevelRow(l, RATES[l], done, WINDOWS, closed ? LEVEL_CV[l] : Double.NaN, THRESHOLD, v,
                    reason, new double[] {41, 63, 412}[l], done == 0 ? Double.NaN : RATES[l] * 0.99, "", "", client));
        }
        int level = levels.isEmpty() ? 0 : levels.size();
        int windowNow = level == 0 ? 0 : Math.min(WINDOWS,
                (int) Math.floor((now - (WARMUP + (level - 1) * LEVEL) - RAMP) / WINDOW) + 1);
        WarmupState warmup = now < WARMUP ? WarmupState.CONVERGING : WarmupState.CONVERGED;
        RunState state = now >= TOTAL ? RunState.FINISHED : RunState.RUNNING;
        RunProgress progress = new RunProgress(Math.max(1, level), RATES.length, RATES[Math.max(0, level - 1)],
                Math.max(0, windowNow), WINDOWS, warmup, Duration.ofMillis((long) ((TOTAL - now) * 1000)),
                now / TOTAL);
        double power = power(now, 0) + power(now, 1);
        double tps = level == 0 ? 0 : RATES[level - 1] * 58;
        Kpis kpis = new Kpis(power, level == 0 || windows.isEmpty() ? Double.NaN
                : windows.get(windows.size() - 1).jPerToken(), tps, level == 0 ? 0 : RATES[level - 1] * 0.6,
                0.4 + 0.3 * Math.max(0, level - 1), 54 + power / 20);
        return new LiveSnapshot((long) Math.floor(now * 10) + 1, state, "quickstart", "simulated",
                "simulated (counter, reference engine)", windows,
                List.of(trace(0, now), trace(1, now)), spans, List.of(new TimeSpan(0, -1, 0, Math.min(now, WARMUP))),
                ramps, kpis, progress, levels);
    }

    private static GpuTrace trace(int device, double now) {
        List<PowerPoint> samples = new ArrayList<>();
        int n = (int) Math.floor(now * 20);
        for (int i = Math.max(0, n - MAX_SAMPLES); i <= n; i++) {
            double t = i / 20.0;
            samples.add(new PowerPoint(t, power(t, device)));
        }
        return new GpuTrace(device, "Reference GPU", samples);
    }

    /** Watts of one device at time t: idle during warmup, then rising through each ramp to the level's draw. */
    static double power(double t, int device) {
        double idle = 38 + device * 3;
        double noise = 2.5 * Math.sin(t * 7.3 + device) + 1.5 * Math.sin(t * 2.1 + 2 * device);
        if (t < WARMUP) {
            return idle + 10 * t / WARMUP + noise;
        }
        int l = Math.min(RATES.length - 1, (int) ((t - WARMUP) / LEVEL));
        double target = new double[] {53, 73, 112}[l] + device * 4;
        double from = l == 0 ? idle + 10 : new double[] {53, 73, 112}[l - 1] + device * 4;
        double into = t - (WARMUP + l * LEVEL);
        double level = into < RAMP ? from + (target - from) * into / RAMP : target;
        return level + noise * (l == 2 ? 2.2 : 1);
    }
}
