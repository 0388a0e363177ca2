package io.joulebench.engine;

import com.sun.net.httpserver.HttpServer;
import io.joulebench.core.study.ReferenceEngineOptions;
import java.net.URI;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A started reference engine: its address, its ground-truth power model, and {@link #close()} (idempotent, quick:
 * open streams are cut, the scheduler stops, the port is released).
 */
public final class RunningEngine implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RunningEngine.class);

    private final EngineOptions options;
    private final EngineProfile profile;
    private final PowerModel power;
    private final EngineCore core;
    private final String modelName;
    private final long startNanos;
    private final AtomicLong requestIndex = new AtomicLong();
    private final Set<TokenStream> activeStreams = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closing = new AtomicBoolean();
    private final Vocabulary vocabulary = new Vocabulary();
    private final CountDownLatch closed = new CountDownLatch(1);
    private volatile boolean stoppedByFault;
    private HttpServer server;
    private ExecutorService handlers;
    private Thread scheduler;

    RunningEngine(EngineOptions options, EngineProfile profile, PowerModel power, EngineCore core) {
        this.options = options;
        this.profile = profile;
        this.power = power;
        this.core = core;
        this.modelName = ReferenceEngineOptions.servedModelName(profile.name());
        this.startNanos = options.clock().nanoTime();
    }

    void attach(HttpServer server, ExecutorService handlers, Thread scheduler) {
        this.server = server;
        this.handlers = handlers;
        this.scheduler = scheduler;
    }

    /** {@code http://host:port} with no trailing slash. */
    public URI baseUrl() {
        String host = options.host().contains(":") ? "[" + options.host() + "]" : options.host();
        return URI.create("http://" + host + ":" + port());
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** The ground truth: power, temperature, the quantised counter and the exact energy of every simulated GPU. */
    public PowerModel powerModel() {
        return power;
    }

    public EngineOptions options() {
        return options;
    }

    /** The profile with overrides applied. */
    public EngineProfile profile() {
        return profile;
    }

    /** The name {@code /v1/models} reports, e.g. {@code joulebench-sim-small}. */
    public String modelName() {
        return modelName;
    }

    /** True once the load delay has passed (never with the never-ready fault), until closed. */
    public boolean ready() {
        return !closing.get() && !options.faults().neverReady()
                && options.clock().nanoTime() - startNanos >= options.loadDelay().toNanos();
    }

    public int runningRequests() {
        return core.running();
    }

    public int waitingRequests() {
        return core.waiting();
    }

    /** Blocks until the engine is closed (by {@link #close()} or the exit-after fault). */
    public void awaitTermination() throws InterruptedException {
        closed.await();
    }

    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        return closed.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** True when the exit-after fault, not a caller, stopped the engine. */
    public boolean stoppedByFault() {
        return stoppedByFault;
    }

    @Override
    public void close() {
        if (!closing.compareAndSet(false, true)) {
            return;
        }
        core.close();
        activeStreams.forEach(TokenStream::wake);
        if (scheduler != null) {
            scheduler.interrupt();
        }
        if (server != null) {
            server.stop(0);
            handlers.shutdownNow();
        }
        closed.countDown(); // only now: awaitTermination() promises the port no longer answers
        LOG.debug("reference engine on port {} closed", server == null ? -1 : server.getAddress().getPort());
    }

    void stopByFault() {
        if (closing.get()) {
            return;
        }
        stoppedByFault = true;
        LOG.warn("injected fault: the reference engine stops serving after {} s",
                options.faults().exitAfterSeconds());
        close();
    }

    String metricsText() {
        return MetricsRenderer.render(power.readAll(), modelName, core.running(), core.waiting(),
                core.promptTokens(), core.cachedPromptTokens(), core.generationTokens());
    }

    long nextRequestIndex() {
        return requestIndex.getAndIncrement();
    }

    Vocabulary vocabulary() {
        return vocabulary;
    }

    EngineCore core() {
        return core;
    }

    boolean closing() {
        return closing.get();
    }

    void awaitClosing() {
        try {
            closed.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    void register(TokenStream stream) {
        activeStreams.add(stream);
    }

    void unregister(TokenStream stream) {
        activeStreams.remove(stream);
    }
}
