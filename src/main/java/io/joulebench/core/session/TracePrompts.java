package io.joulebench.core.session;

import io.joulebench.core.server.EnginePreset;
import io.joulebench.core.server.ServerTokenizer;
import io.joulebench.core.traffic.IssuerReport;
import io.joulebench.core.traffic.OpenAiEndpoint;
import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.RequestWorkload;
import io.joulebench.core.traffic.TraceEntry;
import io.joulebench.core.traffic.TraceReplaySource;
import io.joulebench.core.traffic.TrafficSource;
import io.joulebench.core.workload.BuiltPrompt;
import io.joulebench.core.workload.EstimatePromptTokenizer;
import io.joulebench.core.workload.ExactLengthPromptBuilder;
import io.joulebench.core.workload.OutputForcing;
import io.joulebench.core.workload.PromptLookahead;
import io.joulebench.core.workload.PromptRow;
import io.joulebench.core.workload.PromptTokenizer;
import io.joulebench.core.workload.ServerPromptTokenizer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A replayed trace's requests with the trace's lengths (docs/workloads.md): each row's prompt has the row's input
 * length in the server's own tokens (its tokenizer where the engine has one, else the labelled estimate), leading
 * blocks shared as its {@code hash_ids} say, and its output length forced in the engine's words
 * ({@link OutputForcing}). Prompts are built ahead of their instants ({@link PromptLookahead}), from the level's
 * plan on ({@link #prepare}), so building overlaps the warmup and ramp rather than the level's first requests.
 *
 * <p>Each replay (a level) builds with a seed of its own, drawn in plan order from the task's seed: a later level
 * replaying the same slice gets other prompt text, so a server's prefix cache cannot serve it from an earlier level's
 * requests, and the same study builds the same prompts again.
 */
public final class TracePrompts {

    private static final Logger LOG = LoggerFactory.getLogger(TracePrompts.class);
    /** Prompts built ahead of the issuer. */
    static final int LOOKAHEAD = 512;

    private final PromptTokenizer tokenizer;
    private final List<String> corpus;
    private final long seed;
    private final String model;
    private final OpenAiEndpoint api;
    private final OutputForcing forcing;
    private final int defaultMaxTokens;
    private final AtomicInteger replays = new AtomicInteger();
    private final AtomicInteger warmups = new AtomicInteger();
    /** The corpus tokenized, at the first replay; each replay builds from it with a seed of its own. */
    private ExactLengthPromptBuilder tokenized;

    public TracePrompts(PromptTokenizer tokenizer, List<String> corpus, long seed, String model, OpenAiEndpoint api,
                        EnginePreset engine, int defaultMaxTokens) {
        this.tokenizer = tokenizer;
        this.corpus = List.copyOf(corpus);
        this.seed = seed;
        this.model = model;
        this.api = api;
        this.forcing = OutputForcing.of(engine);
        this.defaultMaxTokens = defaultMaxTokens;
    }

    /** The server's tokenizer where the engine has one, else the labelled client-side estimate. */
    public static PromptTokenizer tokenizerFor(EnginePreset engine, java.net.URI baseUrl, String model,
                                               Map<String, String> headers) {
        return ServerTokenizer.Dialect.of(engine)
                .<PromptTokenizer>map(d -> new ServerPromptTokenizer(new ServerTokenizer(baseUrl, d, model, headers)))
                .orElseGet(EstimatePromptTokenizer::new);
    }

    /**
     * Replays {@code rows} (already scheduled) with prompts of their lengths; {@code source} carries the issuance
     * settings. Building starts when the source runs: a level starts it earlier with {@link #prepare}.
     */
    public TrafficSource replay(List<TraceEntry> rows, int blockSize, TraceReplaySource.Builder source) {
        return prepare(rows, blockSize).source(rows, source);
    }

    /**
     * Starts building the prompts of a replay of {@code rows} now, on a daemon thread (the corpus tokenized at a
     * session's first replay, then the look-ahead): a level calls it when its plan is made, before its warmup and
     * ramp, so the first prompts are ready at their instants instead of late while the traffic has already begun.
     * Seeds are drawn in the order replays are prepared.
     */
    public Prepared prepare(List<TraceEntry> rows, int blockSize) {
        return prepare(rows.stream().map(r -> row(r, blockSize)).toList().iterator());
    }

    /**
     * Starts building prompts of the rows' lengths now, as {@link #prepare(List, int)} does: for a synthetic workload
     * ({@link io.joulebench.core.workload.LengthMix}), whose rows may be endless; an open-loop level takes them with
     * {@link Prepared#openLoop}.
     */
    public Prepared prepare(java.util.Iterator<PromptRow> prompts) {
        return prepare(prompts, seed + 0x9E3779B97F4A7C15L * (replays.getAndIncrement() + 1));
    }

    /**
     * Starts building a warmup's prompts of the rows' lengths ({@link io.joulebench.core.workload.LengthMix#warmupRows}):
     * their text seeds are drawn from a stream of their own, so a warmup leaves the measured replays' prompts as they
     * would be without it, and neither shares text (nor a prefix cache's entries) with them.
     */
    public Prepared prepareWarmup(java.util.Iterator<PromptRow> prompts) {
        return prepare(prompts, seed ^ 0xD1B54A32D192ED03L * (warmups.getAndIncrement() + 1));
    }

    private Prepared prepare(java.util.Iterator<PromptRow> prompts, long textSeed) {
        CompletableFuture<PromptLookahead> ahead = new CompletableFuture<>();
        Thread.ofPlatform().daemon().name("joulebench-trace-prompts").start(() -> {
            try {
                ExactLengthPromptBuilder builder = tokenized().withSeed(textSeed);
                ahead.complete(new PromptLookahead(builder, prompts, LOOKAHEAD));
            } catch (ServerTokenizer.Unavailable e) {
                ahead.completeExceptionally(new IllegalStateException("cannot build the trace's prompts: the"
                        + " tokenizer (" + tokenizer.label() + ") failed: " + e.getMessage(), e));
            } catch (InterruptedException e) {
                ahead.completeExceptionally(e);
            } catch (RuntimeException e) {
                ahead.completeExceptionally(e);
            }
        });
        return new Prepared(ahead);
    }

    /** A replay whose prompts are being built ahead; row i's prompt is request i's. */
    public final class Prepared {

        private final CompletableFuture<PromptLookahead> ahead;

        private Prepared(CompletableFuture<PromptLookahead> ahead) {
            this.ahead = ahead;
        }

        /**
         * The replay of {@code issued} (a leading part of the prepared rows: those within the level's horizon). Its
         * run waits for the tokenizing if that has not finished, and ends the builder when it returns.
         */
        public TrafficSource source(List<TraceEntry> issued, TraceReplaySource.Builder source) {
            return (transport, drainTimeout) -> {
                try (PromptLookahead built = lookahead()) {
                    IssuerReport report = source.trace(issued).traceShapes((i, entry) -> shape(built.take(i)))
                            .build().run(transport, drainTimeout);
                    PromptLookahead.Report r = built.report();
                    if (r.late() > 0) {
                        LOG.warn("trace replay: {} of {} prompts were not built before their instant (waited {} ms"
                                + " in all)", r.late(), r.taken(), r.waitedNanos() / 1_000_000);
                    }
                    return report;
                }
            };
        }

        /** Open-loop arrivals ({@code source} holds the schedule) whose request i sends prompt i. */
        public TrafficSource openLoop(io.joulebench.core.traffic.OpenLoopSource.Builder source) {
            return (transport, drainTimeout) -> {
                try (PromptLookahead built = lookahead()) {
                    IssuerReport report = source.shapes(i -> shape(built.take(i))).build().run(transport, drainTimeout);
                    PromptLookahead.Report r = built.report();
                    if (r.late() > 0) {
                        LOG.warn("length mix: {} of {} prompts were not built before their instant (waited {} ms"
                                + " in all)", r.late(), r.taken(), r.waitedNanos() / 1_000_000);
                    }
                    return report;
                }
            };
        }

        /**
         * A run whose requests take the prepared rows' prompts in any order ({@code run} is handed row i → its
         * request shape): a session trace's turns, each sent when its previous reply has ended, so rows are asked out
         * of their scheduled order. Prompts are still built in row order; those built before they are asked for wait
         * in a map (at most the turns waiting for a reply). Each row is asked for once.
         */
        public TrafficSource anyOrder(java.util.function.Function<java.util.function.IntFunction<RequestShape>,
                TrafficSource> run) {
            return (transport, drainTimeout) -> {
                try (PromptLookahead built = lookahead()) {
                    Map<Integer, BuiltPrompt> early = new java.util.HashMap<>();
                    int[] next = {0};
                    java.util.function.IntFunction<RequestShape> byRow = row -> {
                        synchronized (early) {
                            BuiltPrompt p = early.remove(row);
                            if (p == null) {
                                if (row < next[0]) {
                                    throw new IllegalStateException("prompt " + row + " was asked for twice");
                                }
                                for (; next[0] < row; next[0]++) {
                                    early.put(next[0], built.take(next[0]));
                                }
                                p = built.take(row);
                                next[0] = row + 1;
                            }
                            return shape(p);
                        }
                    };
                    IssuerReport report = run.apply(byRow).run(transport, drainTimeout);
                    PromptLookahead.Report r = built.report();
                    if (r.late() > 0) {
                        LOG.warn("session trace: {} of {} prompts were not built before they were asked for (waited"
                                + " {} ms in all)", r.late(), r.taken(), r.waitedNanos() / 1_000_000);
                    }
                    return report;
                }
            };
        }

        /** Prompts built and not yet taken; 0 while the corpus is being tokenized. */
        public int ready() {
            PromptLookahead built = ahead.getNow(null);
            return built == null ? 0 : built.ready();
        }

        /** Prompts taken and how many of them were late; null while the corpus is being tokenized. */
        public PromptLookahead.Report report() {
            PromptLookahead built = ahead.getNow(null);
            return built == null ? null : built.report();
        }

        private PromptLookahead lookahead() throws InterruptedException {
            try {
                return ahead.get();
            } catch (ExecutionException e) {
                if (e.getCause() instanceof InterruptedException ie) {
                    throw ie;
                }
                throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
            }
        }
    }

    private synchronized ExactLengthPromptBuilder tokenized() throws ServerTokenizer.Unavailable,
            InterruptedException {
        if (tokenized == null) {
            tokenized = new ExactLengthPromptBuilder(tokenizer, corpus, seed);
        }
        return tokenized;
    }

    /** The tokenizer's label, for what a run records ("server tokenizer" or the estimate). */
    public String tokenizerLabel() {
        return tokenizer.label();
    }

    private static PromptRow row(TraceEntry entry, int blockSize) {
        return new PromptRow(entry.inputTokens() == null ? 1 : entry.inputTokens(), entry.hashIds(), blockSize,
                entry.outputTokens());
    }

    private RequestShape shape(BuiltPrompt prompt) {
        Map<String, Object> payload = PromptShapes.body(model, api, prompt.text());
        if (prompt.requestedOutputTokens() != null) {
            payload.putAll(forcing.fields(prompt.requestedOutputTokens()));
        } else {
            payload.put("max_tokens", defaultMaxTokens);
        }
        return new RequestShape(prompt.index(), payload, new RequestWorkload(prompt.requestedInputTokens(),
                prompt.requestedOutputTokens(), prompt.sharedPrefixTokens()));
    }
}
