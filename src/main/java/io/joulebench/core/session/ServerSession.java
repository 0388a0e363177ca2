package io.joulebench.core.session;

import io.joulebench.core.energy.EnergyDomain;
import io.joulebench.core.energy.EnergyMeter;
import io.joulebench.core.energy.EnergySource;
import io.joulebench.core.energy.HostEnergy;
import io.joulebench.core.energy.IdleBaseline;
import io.joulebench.core.energy.MeterException;
import io.joulebench.core.energy.MeterSelector;
import io.joulebench.core.energy.SampledMeasurementBracket;
import io.joulebench.core.server.EndpointUrl;
import io.joulebench.core.server.LaunchSpec;
import io.joulebench.core.server.ReadinessProbe;
import io.joulebench.core.server.EngineVersion;
import io.joulebench.core.server.Runner;
import io.joulebench.core.server.ServerHandle;
import io.joulebench.core.server.ServerLauncher;
import io.joulebench.core.server.ServerTokenizer;
import io.joulebench.core.study.ExperimentConfig;
import io.joulebench.core.study.PromptDataset;
import io.joulebench.core.study.PromptDatasetException;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.SessionGrouping;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.OpenAiEndpoint;
import io.joulebench.core.traffic.Transport;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One engine lifetime across the levels of a group (spec §4.2–4.5), never leaking it:
 * <ul>
 *   <li><b>enter</b>: launch and readiness inside the measured launch phase (the probe is the first request shape on
 *       the measured path), the session meter, the idle baseline; any failure tears down what was acquired and fails
 *       every cell of the group. A meter that needs the running server (simulated, CPU estimate) is opened as soon
 *       as the server exists, so the launch phase's energy covers readiness where the meter can read it;</li>
 *   <li><b>run</b>: the {@link LevelDriver};</li>
 *   <li><b>exit</b>: once; a clean exit measures the drain (the server's shutdown); the final block goes to the sink.
 *       Teardown faults are logged loudly and swallowed, so a credited cell never turns into a failure.</li>
 * </ul>
 * An interrupt cuts the current level (sent as {@code interrupted}), tears the server down unmeasured and rethrows.
 * Teardown runs in a {@code finally}: an {@link Error} after launch (a JNA linkage error, out of memory) still stops
 * the server before it propagates. The server's log is kept by the launcher in the sink's
 * {@link SessionSink#serverLogDir()} as {@code <session id>.log}.
 */
public final class ServerSession {

    private static final Logger LOG = LoggerFactory.getLogger(ServerSession.class);
    /** Requested sources that read the running server itself. */

    private final Study study;
    private final List<ResolvedCell> cells;
    private final SessionServices services;
    private final SessionSink sink;
    private final StudyRunListener listener;
    private final String sessionId = UUID.randomUUID().toString().replace("-", "");
    private final ExperimentConfig experiment;
    private final Clock clock;
    private final SessionTally tally = new SessionTally(sessionId);
    private final LiveFeed live;
    private final StudyPlan plan;
    private ServerLauncher launcher;
    private ServerHandle handle;
    private EnergyMeter meter;
    private EnergyMeter hostMeter;
    private Transport rawTransport;
    private final Body body;
    private ActiveSession active;
    private boolean exited;

    /** What runs between enter and exit: the levels of a server session, or the batch of an offline one. */
    @FunctionalInterface
    interface Body {
        void run(ActiveSession session) throws InterruptedException;
    }

    public ServerSession(StudyPlan plan, List<ResolvedCell> cells, SessionServices services, SessionSink sink,
                         StudyRunListener listener) {
        this(plan, cells, services, sink, listener, s -> new LevelDriver(s).run());
    }

    ServerSession(StudyPlan plan, List<ResolvedCell> cells, SessionServices services, SessionSink sink,
                  StudyRunListener listener, Body body) {
        if (cells.isEmpty()) {
            throw new IllegalArgumentException("a session needs at least one cell");
        }
        this.plan = plan;
        this.study = plan.study();
        this.cells = List.copyOf(cells);
        this.services = services;
        this.sink = sink;
        this.listener = new SafeListener(listener);
        this.experiment = cells.getFirst().experiment();
        this.clock = services.clock();
        this.live = new LiveFeed(this.listener, sessionId);
        this.body = body;
    }

    public String sessionId() {
        return sessionId;
    }

    /** The whole lifecycle; see {@link SessionRunner#runGroup}. */
    public void run() throws InterruptedException {
        listener.sessionStarted(sessionId, cells);
        live.start();
        GroupFailure failure = null;
        boolean clean = false;
        try {
            try {
                enter();
            } catch (GroupFailure | RuntimeException e) {
                failure = e instanceof GroupFailure g ? g : GroupFailure.of(e);
                // an expected outcome (bad image, never ready): one line; the trace only with --verbose
                LOG.error("session {} could not start: {}", sessionId, failure.getMessage());
                LOG.debug("session {} start failure", sessionId, failure.getCause());
                return;
            }
            body.run(active);
            clean = true;
        } catch (InterruptedException e) {
            Thread.interrupted();
            throw active == null ? e : new InterruptedException("session " + sessionId + " interrupted");
        } finally {
            // any Throwable: whatever was launched is stopped before it propagates
            if (active == null) {
                teardown();
            } else {
                exit(clean && !active.server().died());
            }
            if (failure != null) {
                failAll(failure);
            }
        }
    }

    void enter() throws GroupFailure, InterruptedException {
        Path studyDir = study.studyDir();
        LaunchSpec spec;
        List<String> prompts;
        PromptShapes probeShapes;
        MeterSelector.Selection before;
        try {
            launcher = services.launcher(experiment);
            spec = LaunchSpecs.of(study, experiment, sessionId, services.engineCommand(), services.home()).toBuilder()
                    .logDir(sink.serverLogDir()).build();
            prompts = PromptDataset.load(experiment.task().dataset(), studyDir, experiment.task().randomSeed());
            // the probe goes out before the server's tokenizer can be asked: a prefix no tokenizer counts as longer
            probeShapes = new PromptShapes(spec.model(), List.of(PromptTruncation.certainlyFits(prompts.getFirst(),
                    experiment.task().maxInputTokens())), experiment.task().maxOutputTokens(),
                    experiment.task().api());
            before = services.meterBeforeLaunch(experiment);
        } catch (Exception e) {
            throw GroupFailure.of(e);
        }
        if (before != null) {
            meter = TeeMeter.wrap(before.meter(), live::samples);
        }
        ReadinessProbe probe = ReadinessProbe.forSpec(spec).withBody(probeShapes.shape(0).payload());
        Duration timeout = Duration.ofNanos(Math.round(study.execution().experimentTimeoutSeconds() * 1e9));
        SampledMeasurementBracket.Options options = services.bracketOptions(experiment);
        try {
            MeterSelector.Selection selection = before;
            Phase.Running launch = Phase.start("launch", meter, clock, options);
            try {
                handle = launcher.launch(spec);
                if (selection == null) {
                    selection = meterOnceStarted();
                    if (selection != null) {
                        meter = TeeMeter.wrap(selection.meter(), live::samples);
                        launch.meterFromNow(meter);
                    }
                }
                launcher.awaitReady(handle, probe, timeout);
            } catch (Exception | Error e) {
                launch.abandon();
                throw e;
            }
            tally.launch(launch.finish());
            Runner runner = Runner.of(experiment.runner()).orElse(Runner.PROCESS);
            tally.engineVersion(EngineVersion.of(spec, runner, handle.baseUrl(), handle.requestHeaders()));
            tally.runner(runner.launches()
                    ? new RunnerProvenance(runner.wire(), runner == Runner.CONTAINER ? spec.resolvedImage() : null,
                            handle.imageDigest().orElse(null))
                    : RunnerProvenance.attached(runner.wire(), EndpointUrl.redacted(handle.baseUrl())));
            if (selection == null) {
                selection = services.meterAfterReady(experiment, handle);
                meter = TeeMeter.wrap(selection.meter(), live::samples);
            }
            OpenAiEndpoint endpoint = experiment.task().api();
            rawTransport = services.transport(MeasuredPath.base(handle.baseUrl(), spec, endpoint), endpoint,
                    MeasuredPath.readTimeout(experiment), handle.requestHeaders());
            EnergyContext energy = EnergyContext.of(meter, selection.reasons(), baseline(options));
            MeterSelector.Selection host = hostMeter();
            if (host != null) {
                energy = energy.withHostReasons(host.reasons());
            }
            active = new ActiveSession(cells, plan, new ServerWatch(handle),
                    new SessionMeasurement(clock, meter, hostMeter, options,
                            experiment.measurement().headlineDomain(), energy),
                    sessionTraffic(spec, prompts, studyDir, timeout),
                    new SessionOutput(sessionId, sink, listener, tally));
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            throw GroupFailure.of(e);
        }
        LOG.info("session {} ready at {} ({} cell(s), energy {})", sessionId, handle.baseUrl(), cells.size(),
                meter.source());
        listener.serverReady(sessionId, handle.baseUrl().toString());
    }

    /**
     * The session's traffic: prompts built once per distinct prompt setting among its cells (the first cell's from
     * the dataset already read), each cut to its own {@code task.max_input_tokens}.
     */
    private SessionTraffic sessionTraffic(LaunchSpec spec, List<String> firstDataset, Path studyDir, Duration timeout)
            throws InterruptedException, PromptDatasetException {
        Map<String, SessionTraffic.Prompts> byKey = new LinkedHashMap<>();
        for (ResolvedCell cell : cells) {
            String key = SessionGrouping.promptKey(cell.config());
            if (byKey.containsKey(key)) {
                continue;
            }
            ExperimentConfig e = cell.experiment();
            List<String> dataset = byKey.isEmpty() ? firstDataset
                    : PromptDataset.load(e.task().dataset(), studyDir, e.task().randomSeed());
            PromptShapes shapes = new PromptShapes(spec.model(), fitPrompts(dataset, spec, e.task().maxInputTokens()),
                    e.task().maxOutputTokens(), e.task().api());
            TracePrompts tracePrompts = new TracePrompts(
                    TracePrompts.tokenizerFor(spec.engine(), handle.baseUrl(), spec.model(), handle.requestHeaders()),
                    dataset, e.task().randomSeed(), spec.model(), e.task().api(), spec.engine(),
                    e.task().maxOutputTokens());
            byKey.put(key, new SessionTraffic.Prompts(shapes, tracePrompts));
        }
        return new SessionTraffic(live.counting(rawTransport), byKey, byKey.values().iterator().next(), studyDir,
                timeout, services);
    }

    /** The prompts cut to {@code task.max_input_tokens} by the server's tokenizer where it has one (issue 20). */
    private List<String> fitPrompts(List<String> prompts, LaunchSpec spec, int limit) throws InterruptedException {
        ServerTokenizer tokenizer = ServerTokenizer.Dialect.of(spec.engine())
                .map(d -> new ServerTokenizer(handle.baseUrl(), d, spec.model(), handle.requestHeaders())).orElse(null);
        PromptTruncation.Outcome outcome = PromptTruncation.apply(prompts, limit, tokenizer);
        if (outcome.truncated() > 0 || outcome.fallbackReason() != null) {
            LOG.info("session {}: {}", sessionId, outcome.summary(limit));
        }
        return outcome.prompts();
    }

    /**
     * The session meter as soon as the server exists, for a requested source that needs it (the engine's /metrics,
     * its process tree): the launch phase is then measured from here to ready. Null for {@code auto} (choosing again
     * would retry every source while the server loads) and when the server cannot be read yet (a child JVM not yet
     * serving /metrics): the meter is then chosen once it is ready and the launch energy stays null.
     */
    private MeterSelector.Selection meterOnceStarted() {
        if (!EnergySource.needsRunningServer(experiment.measurement().energySampler())) {
            return null;
        }
        try {
            return services.meterAfterReady(experiment, handle);
        } catch (RuntimeException e) {
            LOG.info("session {}: the {} meter cannot read the server before it is ready ({}); the launch energy"
                    + " is unmeasured", sessionId, experiment.measurement().energySampler(), e.getMessage());
            return null;
        }
    }

    /**
     * The host meter beside the session meter ({@code measurement.host_energy}); null for none, and when the session
     * meter already measures the host ({@code auto} chose RAPL or the CPU estimate).
     */
    private MeterSelector.Selection hostMeter() {
        if (experiment.measurement().hostEnergy() == HostEnergy.NONE) {
            return null;
        }
        if (EnergyDomain.of(meter.source()) == EnergyDomain.HOST) {
            LOG.warn("session {}: measurement.host_energy is {}, but the session meter ({}) already measures the"
                    + " host; no second host meter", sessionId, experiment.measurement().hostEnergy().wire(),
                    meter.source());
            return null;
        }
        MeterSelector.Selection host = services.hostMeter(experiment, handle);
        if (host != null) {
            hostMeter = host.meter();
            LOG.info("session {}: host energy from {} ({})", sessionId, hostMeter.source(),
                    String.join("; ", host.reasons()));
        }
        return host;
    }

    /** Idle power with the engine ready and unloaded, once per session; null when off or unmeasurable. */
    private Double baseline(SampledMeasurementBracket.Options options) throws InterruptedException {
        double seconds = experiment.measurement().baselineDurationSeconds();
        if (!experiment.measurement().baselineEnabled() || seconds <= 0) {
            return null;
        }
        try {
            return new IdleBaseline(() -> new SampledMeasurementBracket(meter, clock, options), clock,
                    Duration.ofNanos(Math.round(seconds * 1e9))).baseline().powerW();
        } catch (MeterException e) {
            LOG.warn("session {}: no idle baseline: {}", sessionId, e.getMessage());
            return null;
        }
    }

    /** Once: drain measured on a clean exit with something persisted, then the final block to the sink. */
    void exit(boolean clean) {
        if (exited) {
            return;
        }
        exited = true;
        closeTransport();
        if (handle != null) {
            try {
                if (clean && tally.levelCount() > 0) {
                    tally.drain(Phase.measure("drain", meter, clock, services.bracketOptions(experiment),
                            () -> launcher.shutdown(handle, services.shutdownGrace())));
                } else {
                    launcher.shutdown(handle, services.shutdownGrace());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                LOG.error("session {}: TEARDOWN FAULT shutting down {} (measurements kept)", sessionId,
                        handle.describe(), e);
            }
        }
        closeMeter();
        live.close();
        SessionBlock block = tally.block();
        try {
            sink.sessionClosed(block);
        } catch (IOException | RuntimeException e) {
            LOG.error("session {}: TEARDOWN FAULT writing the session block (measurements kept)", sessionId, e);
        }
        listener.sessionFinished(sessionId, block);
    }

    /** After a failed or interrupted enter: release whatever was acquired, unmeasured. Never throws. */
    private void teardown() {
        exited = true;
        closeTransport();
        if (handle != null) {
            try {
                launcher.shutdown(handle, services.shutdownGrace());
            } catch (RuntimeException e) {
                LOG.error("session {}: TEARDOWN FAULT shutting down {}", sessionId, handle.describe(), e);
            }
        }
        closeMeter();
        live.close();
    }

    private void failAll(GroupFailure f) {
        for (ResolvedCell cell : cells) {
            try {
                sink.cellFailed(cell, f.type(), f.getMessage());
            } catch (IOException | RuntimeException e) {
                LOG.error("cannot mark cell {} failed: {}", cell.label(), e.toString(), e);
            }
        }
    }

    private void closeTransport() {
        if (rawTransport instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception e) {
                LOG.warn("closing the transport: {}", e.toString());
            }
        }
        rawTransport = null;
    }

    private void closeMeter() {
        closeQuietly(hostMeter, "host meter");
        hostMeter = null;
        closeQuietly(meter, "meter");
        meter = null;
    }

    /** Closes {@code meter} when there is one; a failure is logged, not thrown, so the teardown goes on. */
    private static void closeQuietly(EnergyMeter meter, String what) {
        if (meter != null) {
            try {
                meter.close();
            } catch (RuntimeException e) {
                LOG.warn("closing the {}: {}", what, e.toString());
            }
        }
    }
}
