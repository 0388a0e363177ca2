package io.joulebench.engine;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The reference engine: an OpenAI-compatible server over a simulated batching and power model. Everything it reports
 * is SIMULATED. Start one with {@link #start(EngineOptions)}; close the returned {@link RunningEngine}.
 */
public final class ReferenceEngine {

    private static final Logger LOG = LoggerFactory.getLogger(ReferenceEngine.class);
    private static final int BACKLOG = 1024;

    static {
        // The JDK server leaves Nagle's algorithm on by default: small SSE chunks would then wait for delayed ACKs
        // (~40 ms each). Read once, when the JDK server first loads, so it must be set before any HttpServer exists.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    private ReferenceEngine() {
    }

    /** Binds, starts the scheduler thread and returns at once (the load delay runs on its own). */
    public static RunningEngine start(EngineOptions options) {
        EngineProfile profile = options.resolvedProfile();
        PowerModel power = new PowerModel(profile, options.gpus(), options.clock(), options.thermalTimeConstant(),
                options.counterPeriod(), options.thermalDrift(), options.seed());
        EngineCore core = new EngineCore(profile, power, options.clock(), options.prefixCacheTokens(),
                options.kvCacheTokens());
        RunningEngine engine = new RunningEngine(options, profile, power, core);
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(options.host(), options.port()), BACKLOG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot bind " + options.host() + ":" + options.port() + ": "
                    + e.getMessage(), e);
        }
        server.createContext("/", new EngineHandler(engine));
        ExecutorService handlers = Executors.newVirtualThreadPerTaskExecutor();
        server.setExecutor(handlers);
        Thread scheduler = Thread.ofPlatform().name("joulebench-engine-scheduler").daemon(true)
                .unstarted(core::runLoop);
        engine.attach(server, handlers, scheduler);
        scheduler.start();
        server.start();
        if (options.faults().exitAfterSeconds() > 0) {
            long deadline = options.clock().nanoTime() + Math.round(options.faults().exitAfterSeconds() * 1e9);
            Thread.ofVirtual().name("joulebench-engine-exit-fault").start(() -> {
                try {
                    options.clock().sleepUntil(deadline);
                    engine.stopByFault();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        if (!options.host().equals(EngineOptions.DEFAULT_HOST)) {
            LOG.info("reference engine bound to {}", options.host());
        }
        LOG.info("reference engine (SIMULATED, profile {}, {} GPU(s)) on {}", profile.name(), options.gpus(),
                engine.baseUrl());
        return engine;
    }
}
