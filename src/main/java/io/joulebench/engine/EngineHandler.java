package io.joulebench.engine;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.joulebench.core.ToolVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes every path of the engine. Bad input of any kind ends as a 4xx OpenAI-style error; nothing a client sends
 * can throw past this handler except the deliberate {@link DroppedConnection}.
 */
final class EngineHandler implements HttpHandler {

    private static final Logger LOG = LoggerFactory.getLogger(EngineHandler.class);
    static final int MAX_BODY_BYTES = 1 << 20;

    private final RunningEngine engine;
    private final CompletionResponder completions;
    private final TokenizerEndpoints tokenizer;

    EngineHandler(RunningEngine engine) {
        this.engine = engine;
        this.completions = new CompletionResponder(engine);
        this.tokenizer = new TokenizerEndpoints(engine.vocabulary());
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try {
            route(exchange);
        } catch (ApiError e) {
            respondError(exchange, e);
        } catch (IOException e) {
            LOG.debug("client connection ended early: {}", e.toString());
        } catch (DroppedConnection e) {
            throw e; // not closing the exchange: the server then cuts the connection mid-response
        } catch (RuntimeException e) {
            LOG.warn("unexpected failure serving {} {}", exchange.getRequestMethod(), exchange.getRequestURI(), e);
            respondError(exchange, new ApiError(500, "internal error: " + e.getClass().getSimpleName()));
        }
        exchange.close();
    }

    private void route(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getRawPath();
        switch (path) {
            case "/health" -> {
                requireMethod(exchange, "GET");
                drain(exchange);
                if (!engine.ready()) {
                    throw new ApiError(503, "model is loading");
                }
                exchange.sendResponseHeaders(200, -1);
            }
            case "/version" -> {
                requireMethod(exchange, "GET");
                drain(exchange);
                respond(exchange, 200, "application/json", "{\"version\":" + Json.quote(ToolVersion.get()) + "}");
            }
            case "/metrics" -> {
                requireMethod(exchange, "GET");
                drain(exchange);
                respond(exchange, 200, "text/plain; version=0.0.4; charset=utf-8", engine.metricsText());
            }
            case "/v1/models" -> {
                requireMethod(exchange, "GET");
                drain(exchange);
                requireReady();
                respond(exchange, 200, "application/json", modelsBody());
            }
            case "/v1/completions", "/v1/chat/completions" -> {
                requireMethod(exchange, "POST");
                byte[] body = readBody(exchange);
                requireReady();
                CompletionRequest request = CompletionRequest.parse(body, path.endsWith("/chat/completions"),
                        engine.profile());
                completions.serve(exchange, request);
            }
            case "/tokenize", "/detokenize" -> {
                requireMethod(exchange, "POST");
                byte[] body = readBody(exchange);
                respond(exchange, 200, "application/json", path.equals("/tokenize")
                        ? tokenizer.tokenize(body) : tokenizer.detokenize(body));
            }
            default -> {
                drain(exchange);
                throw new ApiError(404, "unknown route " + method + " " + path);
            }
        }
    }

    private void requireReady() {
        if (!engine.ready()) {
            throw new ApiError(503, "model is loading");
        }
    }

    private static void requireMethod(HttpExchange exchange, String allowed) throws IOException {
        if (!exchange.getRequestMethod().equals(allowed)) {
            drain(exchange);
            exchange.getResponseHeaders().set("Allow", allowed);
            throw new ApiError(405, "method " + exchange.getRequestMethod() + " not allowed on "
                    + exchange.getRequestURI().getRawPath() + " (use " + allowed + ")");
        }
    }

    private String modelsBody() {
        StringBuilder b = new StringBuilder(256).append("{\"object\":\"list\",\"data\":[{\"id\":");
        Json.appendQuoted(b, engine.modelName());
        return b.append(",\"object\":\"model\",\"created\":0,\"owned_by\":\"joulebench\",\"root\":")
                .append(Json.quote(engine.modelName())).append(",\"max_model_len\":")
                .append(engine.profile().maxModelLen()).append(",\"simulated\":true,\"label\":")
                .append(Json.quote(engine.profile().label())).append("}]}").toString();
    }

    private static byte[] readBody(HttpExchange exchange) throws IOException {
        try (InputStream in = exchange.getRequestBody()) {
            byte[] body = in.readNBytes(MAX_BODY_BYTES + 1);
            if (body.length > MAX_BODY_BYTES) {
                throw new ApiError(413, "request body exceeds " + MAX_BODY_BYTES + " bytes");
            }
            return body;
        }
    }

    private static void drain(HttpExchange exchange) throws IOException {
        try (InputStream in = exchange.getRequestBody()) {
            in.skip(MAX_BODY_BYTES);
        }
    }

    private static void respond(HttpExchange exchange, int status, String contentType, String body)
            throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static void respondError(HttpExchange exchange, ApiError error) {
        if (exchange.getResponseCode() != -1) {
            throw new DroppedConnection("failed after the response started: " + error.getMessage());
        }
        try {
            respond(exchange, error.status, "application/json", error.body());
        } catch (IOException e) {
            LOG.debug("could not send error {}: {}", error.status, e.toString());
        }
    }
}
