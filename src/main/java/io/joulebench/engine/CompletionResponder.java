package io.joulebench.engine;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Serves one validated completion: submits it to the scheduler, then streams or collects its tokens. */
final class CompletionResponder {

    private final RunningEngine engine;

    CompletionResponder(RunningEngine engine) {
        this.engine = engine;
    }

    void serve(HttpExchange exchange, CompletionRequest request) throws IOException {
        long index = engine.nextRequestIndex();
        EngineOptions options = engine.options();
        RequestPlan plan = RequestPlan.draw(options.seed(), index, request, engine.profile(), options.faults());
        if (plan.serverError()) {
            throw new ApiError(500, "injected fault: internal server error");
        }
        TokenStream tokens = new TokenStream(Thread.currentThread());
        Sequence sequence = new Sequence(index, request.promptTokens(), plan.targetTokens(), plan.finishReason(),
                tokens, request.blockHashes());
        ChunkFormat format = new ChunkFormat(request.chat(), index, System.currentTimeMillis() / 1000,
                engine.modelName());
        engine.register(tokens);
        try {
            engine.core().submit(sequence);
            if (request.stream()) {
                stream(exchange, request, plan, sequence, tokens, format);
            } else {
                whole(exchange, request, plan, sequence, tokens, format);
            }
        } finally {
            sequence.cancel();
            engine.unregister(tokens);
        }
    }

    private void stream(HttpExchange exchange, CompletionRequest request, RequestPlan plan, Sequence sequence,
                        TokenStream tokens, ChunkFormat format) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.getResponseHeaders().set("Cache-Control", "no-cache");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        long seed = engine.options().seed();
        int target = plan.targetTokens();
        StringBuilder b = new StringBuilder(512);
        int sent = 0;
        while (sent < target) {
            int generated = Math.min(target, tokens.awaitBeyond(sent, engine::closing));
            if (engine.closing()) {
                throw new DroppedConnection("engine closed");
            }
            b.setLength(0);
            while (sent < generated) {
                if (sent == plan.midway()) {
                    if (plan.malformed()) {
                        format.appendMalformedEvent(b);
                    }
                    if (plan.stall() || plan.drop()) {
                        write(out, b);
                        out.flush();
                        cutMidway(plan);
                    }
                }
                format.appendTokenEvent(b, TextGenerator.token(seed, plan.index(), sent), sent,
                        sent == target - 1 ? plan.finishReason() : null);
                sent++;
            }
            if (sent < target) {
                write(out, b);
                out.flush();
            }
        }
        // the last tokens, usage and [DONE] leave in one chunk when the stream closes
        if (request.includeUsage()) {
            format.appendUsageEvent(b, request.promptTokens(), sequence.cachedTokens, target, tokens.trueEnergyJ());
        }
        write(out, b);
        out.write(ChunkFormat.DONE);
        out.close();
    }

    private void whole(HttpExchange exchange, CompletionRequest request, RequestPlan plan, Sequence sequence,
                       TokenStream tokens, ChunkFormat format) throws IOException {
        int target = plan.targetTokens();
        int generated = 0;
        while (generated < target) {
            generated = tokens.awaitBeyond(generated, engine::closing);
            if (engine.closing()) {
                throw new DroppedConnection("engine closed");
            }
        }
        if (plan.stall() || plan.drop()) {
            cutMidway(plan);
        }
        long seed = engine.options().seed();
        StringBuilder text = new StringBuilder(target * 8);
        for (int i = 0; i < target; i++) {
            text.append(TextGenerator.token(seed, plan.index(), i));
        }
        String body = format.complete(text.toString(), plan.finishReason(), request.promptTokens(),
                sequence.cachedTokens, target, tokens.trueEnergyJ());
        if (plan.malformed()) {
            body = body.substring(0, body.length() / 2);
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** The stall and drop faults: a stall hangs until the engine closes; both end by cutting the connection. */
    private void cutMidway(RequestPlan plan) {
        if (plan.stall()) {
            engine.awaitClosing();
        }
        throw new DroppedConnection(plan.stall() ? "stalled stream released" : "injected fault: dropped");
    }

    private static void write(OutputStream out, StringBuilder b) throws IOException {
        if (!b.isEmpty()) {
            out.write(b.toString().getBytes(StandardCharsets.UTF_8));
        }
    }
}
