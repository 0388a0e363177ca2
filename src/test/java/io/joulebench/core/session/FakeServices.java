package io.joulebench.core.session;

import io.joulebench.core.energy.DeviceInfo;
import io.joulebench.core.energy.DeviceReading;
import io.joulebench.core.energy.EnergyKind;
import io.joulebench.core.energy.EnergyMeter;
import io.joulebench.core.energy.MeterReading;
import io.joulebench.core.energy.MeterSelector;
import io.joulebench.core.energy.SampledMeasurementBracket;
import io.joulebench.core.server.ServerHandle;
import io.joulebench.core.server.ServerLauncher;
import io.joulebench.core.study.ExperimentConfig;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.time.Clock;
import io.joulebench.core.time.VirtualClock;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.IssuerReport;
import io.joulebench.core.traffic.OpenAiEndpoint;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.traffic.ShapeSource;
import io.joulebench.core.traffic.TrafficSource;
import io.joulebench.core.traffic.Transport;
import io.joulebench.core.window.TrafficSourceFactory;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * Session parts on a virtual clock: the {@link FakeLauncher}, a constant 100 W meter without a counter, brackets
 * without a sampler thread, and scripted traffic that reports its records (10 tokens a second, off the window edges)
 * when created, so every window of a level gets the same tokens and energy unless the cell is told otherwise.
 */
final class FakeServices implements SessionServices {

    /** How a cell's traffic behaves. */
    enum Traffic { STEADY, SPIKE_LAST_WINDOW, CRASH, WARMUP_DIES }

    static final double WATTS = 100;

    final VirtualClock clock = VirtualClock.atSeconds(1000);
    final FakeLauncher launcher = new FakeLauncher();
    final Map<Integer, Traffic> traffic = new HashMap<>();
    /** Runs before every meter read; may throw as a real meter does. */
    volatile Runnable beforeRead = () -> { };
    /** Runs at each meter selection once the server exists; may throw (a meter that cannot read it yet, an Error). */
    volatile Runnable beforeSelect = () -> { };
    final java.util.concurrent.atomic.AtomicInteger selections = new java.util.concurrent.atomic.AtomicInteger();
    boolean closed;
    /** What the session asked the transport for, and the shapes it handed the traffic. */
    volatile URI transportBase;
    volatile OpenAiEndpoint endpoint;
    volatile Duration readTimeout;
    volatile ShapeSource shapes;
    /** The shapes handed to each cell's measured traffic, by cell index. */
    final Map<Integer, ShapeSource> shapesByCell = new java.util.concurrent.ConcurrentHashMap<>();

    @Override
    public Clock clock() {
        return clock;
    }

    @Override
    public ServerLauncher launcher(ExperimentConfig experiment) {
        return launcher;
    }

    @Override
    public MeterSelector.Selection meterBeforeLaunch(ExperimentConfig experiment) {
        return null;
    }

    @Override
    public MeterSelector.Selection meterAfterReady(ExperimentConfig experiment, ServerHandle handle) {
        selections.incrementAndGet();
        beforeSelect.run();
        return new MeterSelector.Selection(new ConstantMeter(clock, () -> beforeRead.run()), List.of("simulated: requested"));
    }

    @Override
    public SampledMeasurementBracket.Options bracketOptions(ExperimentConfig experiment) {
        return SampledMeasurementBracket.Options.defaults().withoutSamplerThread();
    }

    /** Each request takes 10 ms of virtual time and yields one token at its end. */
    @Override
    public Transport transport(URI baseUrl, OpenAiEndpoint endpoint, Duration readTimeout) {
        this.transportBase = baseUrl;
        this.endpoint = endpoint;
        this.readTimeout = readTimeout;
        return request -> {
            clock.advance(Duration.ofMillis(10));
            long now = clock.nanoTime();
            return new CompletionResult("x", new long[] {now}, 3, 1, "length");
        };
    }

    @Override
    public TrafficSourceFactory traffic(ResolvedCell cell, ShapeSource shapes, TracePrompts tracePrompts, Path studyDir,
                                        boolean warmup) {
        this.shapes = shapes;
        if (!warmup) {
            shapesByCell.put(cell.index(), shapes);
        }
        Traffic kind = traffic.getOrDefault(cell.index(), Traffic.STEADY);
        return (listener, horizon) -> {
            long origin = clock.nanoTime();
            List<RequestRecord> records = new ArrayList<>();
            if (warmup && kind == Traffic.WARMUP_DIES) {
                // a dead server refuses every connection: the warmup's requests fail, none completes
                for (int s = 0; s < 3; s++) {
                    long at = origin + s * 1_000_000_000L;
                    records.add(new RequestRecord(s, at, at, at + 1, RequestStatus.ERROR,
                            "request to /v1/completions failed: ConnectException: Connection refused",
                            CompletionResult.EMPTY));
                }
            } else {
                for (int s = 0; s < horizon; s++) {
                    boolean spike = kind == Traffic.SPIKE_LAST_WINDOW && !warmup && s >= horizon - 10;
                    int tokens = spike ? 20 : 10;
                    long[] times = new long[tokens];
                    for (int j = 0; j < tokens; j++) {
                        times[j] = origin + (long) ((s + 0.025 + j * (1.0 / tokens)) * 1e9);
                    }
                    long done = times[tokens - 1] + 1;
                    records.add(new RequestRecord(s, origin + s * 1_000_000_000L, origin + s * 1_000_000_000L, done,
                            RequestStatus.OK, null, new CompletionResult(null, times, 5, tokens, "length")));
                }
            }
            records.forEach(listener::onTerminal);
            return source(records, warmup && kind != Traffic.WARMUP_DIES, !warmup && kind == Traffic.CRASH);
        };
    }

    private static TrafficSource source(List<RequestRecord> records, boolean blockUntilCancelled, boolean crash) {
        return (transport, drainTimeout) -> {
            if (crash) {
                throw new IllegalStateException("issuer crashed");
            }
            if (blockUntilCancelled) {
                new CountDownLatch(1).await();
            }
            return new IssuerReport(records.size(), records.size(), 0, 0, 0, null, 0.0,
                    IssuerReport.LatencySummary.EMPTY, List.of());
        };
    }

    @Override
    public Duration shutdownGrace() {
        return Duration.ofSeconds(1);
    }

    @Override
    public List<String> engineCommand() {
        return List.of("java", "-cp", "x", "io.joulebench.Main");
    }

    @Override
    public Path home() {
        return Path.of("/nonexistent-home");
    }

    @Override
    public void close() {
        closed = true;
    }

    /** One device at a constant power, no counter: a bracket's energy is the power integral. */
    static final class ConstantMeter implements EnergyMeter {
        private final Clock clock;
        private final Runnable beforeRead;

        ConstantMeter(Clock clock) {
            this(clock, () -> { });
        }

        ConstantMeter(Clock clock, Runnable beforeRead) {
            this.clock = clock;
            this.beforeRead = beforeRead;
        }

        @Override
        public String source() {
            return "simulated";
        }

        @Override
        public EnergyKind kind() {
            return EnergyKind.SIMULATED;
        }

        @Override
        public boolean hasEnergyCounter() {
            return false;
        }

        @Override
        public List<DeviceInfo> devices() {
            return List.of(new DeviceInfo(0, "fake gpu", "fake-0"));
        }

        @Override
        public MeterReading read() {
            beforeRead.run();
            return new MeterReading(clock.nanoTime(), List.of(new DeviceReading(0, null, WATTS, 50.0, false)));
        }

        @Override
        public void close() {
        }
    }
}
