package io.joulebench.core.server;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** A tiny OpenAI-ish server for tests: /health (503 a few times, then 200) and a streaming /v1/completions. */
final class FakeOpenAiServer implements EmbeddedServer {

    private final HttpServer server;
    private final int healthFailures;
    private final int probeStatus;
    final AtomicInteger healthRequests = new AtomicInteger();
    final AtomicInteger completionRequests = new AtomicInteger();
    volatile String lastCompletionBody;
    private volatile boolean open = true;

    FakeOpenAiServer(int port, int healthFailures, int probeStatus) {
        this.healthFailures = healthFailures;
        this.probeStatus = probeStatus;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/health", this::health);
        server.createContext("/v1/completions", this::completions);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    static FakeOpenAiServer healthy() {
        return new FakeOpenAiServer(0, 0, 200);
    }

    private void health(HttpExchange ex) throws IOException {
        int n = healthRequests.incrementAndGet();
        reply(ex, n <= healthFailures ? 503 : 200, n <= healthFailures ? "{\"status\":\"loading\"}" : "{\"status\":\"ok\"}",
                "application/json");
    }

    private void completions(HttpExchange ex) throws IOException {
        completionRequests.incrementAndGet();
        lastCompletionBody = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        if (probeStatus != 200) {
            reply(ex, probeStatus, "{\"error\":\"not here\"}", "application/json");
            return;
        }
        if (lastCompletionBody.replace(" ", "").contains("\"stream\":true")) {
            StringBuilder sse = new StringBuilder();
            for (String t : new String[] {"hello", " world", "!"}) {
                sse.append("data: {\"choices\":[{\"text\":\"").append(t).append("\",\"index\":0}]}\n\n");
            }
            sse.append("data: {\"choices\":[],\"usage\":{\"prompt_tokens\":2,\"completion_tokens\":3}}\n\n");
            sse.append("data: [DONE]\n\n");
            reply(ex, 200, sse.toString(), "text/event-stream");
        } else {
            reply(ex, 200, "{\"choices\":[{\"text\":\"ok\",\"index\":0,\"finish_reason\":\"length\"}],"
                    + "\"usage\":{\"prompt_tokens\":2,\"completion_tokens\":1}}", "application/json");
        }
    }

    private static void reply(HttpExchange ex, int status, String body, String type) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    int port() {
        return server.getAddress().getPort();
    }

    @Override
    public URI baseUrl() {
        return URI.create("http://127.0.0.1:" + port());
    }

    @Override
    public boolean isAlive() {
        return open;
    }

    @Override
    public String logTail(int chars) {
        String log = "fake server log: health=" + healthRequests.get() + " completions=" + completionRequests.get();
        return log.length() <= chars ? log : log.substring(log.length() - chars);
    }

    @Override
    public void close() {
        if (open) {
            open = false;
            server.stop(0);
        }
    }
}
