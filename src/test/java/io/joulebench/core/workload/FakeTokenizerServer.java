package io.joulebench.core.workload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.joulebench.core.server.ServerTokenizer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A tokenizer server speaking one of {@link ServerTokenizer.Dialect}'s dialects over a {@link RuleTokenizer}:
 * llama.cpp ({@code content} → {@code tokens}, {@code /detokenize} → {@code content}), vLLM ({@code prompt} →
 * {@code tokens}, {@code /detokenize} → {@code prompt}) or TGI ({@code inputs} → a list of {@code id, text, start,
 * stop}, and no {@code /detokenize}). A server made with {@code bos} puts a BOS id first when asked for special
 * tokens ({@code add_special}, {@code add_special_tokens}), as llama.cpp and vLLM do.
 */
final class FakeTokenizerServer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpServer server;
    private final RuleTokenizer rule;

    /** The id a {@code bos} server puts first. */
    static final int BOS = 1_000_000;

    FakeTokenizerServer(ServerTokenizer.Dialect dialect, RuleTokenizer.Rule counting) throws IOException {
        this(dialect, counting, false);
    }

    FakeTokenizerServer(ServerTokenizer.Dialect dialect, RuleTokenizer.Rule counting, boolean bos)
            throws IOException {
        this.rule = new RuleTokenizer(counting);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/tokenize", exchange -> {
            JsonNode body = JSON.readTree(exchange.getRequestBody());
            switch (dialect) {
                case LLAMA_CPP -> reply(exchange, Map.of("tokens", withBos(bos && body.path("add_special")
                        .asBoolean(), rule.tokenize(body.get("content").asText()))));
                case VLLM -> reply(exchange, Map.of("tokens", withBos(bos && body.path("add_special_tokens")
                        .asBoolean(), rule.tokenize(body.get("prompt").asText())), "count", 0));
                case TGI -> reply(exchange, tgiTokens(body.get("inputs").asText()));
            }
        });
        if (dialect != ServerTokenizer.Dialect.TGI) {
            server.createContext("/detokenize", exchange -> {
                JsonNode body = JSON.readTree(exchange.getRequestBody());
                int[] ids = new int[body.get("tokens").size()];
                for (int i = 0; i < ids.length; i++) {
                    ids[i] = body.get("tokens").get(i).asInt();
                }
                String key = dialect == ServerTokenizer.Dialect.VLLM ? "prompt" : "content";
                reply(exchange, Map.of(key, rule.detokenize(ids)));
            });
        }
        server.start();
    }

    private static int[] withBos(boolean first, int[] ids) {
        if (!first) {
            return ids;
        }
        int[] out = new int[ids.length + 1];
        out[0] = BOS;
        System.arraycopy(ids, 0, out, 1, ids.length);
        return out;
    }

    private List<Map<String, Object>> tgiTokens(String text) {
        int[] ids = rule.tokenize(text);
        List<Map<String, Object>> out = new ArrayList<>();
        int at = 0;
        for (int id : ids) {
            String piece = rule.detokenize(new int[] {id});
            int start = at + (piece.length() - piece.stripLeading().length());
            out.add(Map.of("id", id, "text", piece.strip(), "start", start, "stop", at + piece.length()));
            at += piece.length();
        }
        return out;
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    private static void reply(HttpExchange exchange, Object body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.sendResponseHeaders(200, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
