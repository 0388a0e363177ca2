package io.joulebench.core.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A running engine's own tokenizer over HTTP, used to cut prompts to {@code task.max_input_tokens} exactly as the
 * server counts them. Each engine has its dialect: llama.cpp's {@code POST /tokenize {"content"}} and
 * {@code /detokenize {"tokens"}}; vLLM's (and SGLang's) {@code /tokenize {"model", "prompt"}} and
 * {@code /detokenize {"model", "tokens"}}; TGI's {@code /tokenize {"inputs"}}, which returns character offsets.
 * TGI has no {@code /detokenize}: {@link #detokenize(int[])} puts ids back together from the text pieces its
 * {@code /tokenize} answers showed (each token's characters since the previous token's end), so only ids this
 * tokenizer has seen can be detokenized, which is all a prompt builder needs (its ids come from its own corpus).
 */
public final class ServerTokenizer {

    /** How an engine's server spells tokenize and detokenize. */
    public enum Dialect {
        LLAMA_CPP, VLLM, TGI;

        /** The dialect of a preset, empty when the engine has no tokenizer endpoint Joulebench knows. */
        public static Optional<Dialect> of(EnginePreset preset) {
            return switch (preset) {
                case LLAMACPP, REFERENCE -> Optional.of(LLAMA_CPP); // the reference engine speaks llama.cpp's
                case VLLM, SGLANG -> Optional.of(VLLM);
                case TGI -> Optional.of(TGI);
                case TRTLLM, CUSTOM -> Optional.empty();
            };
        }
    }

    /** The server could not tokenize (no such endpoint, an error, a body of another shape). */
    public static final class Unavailable extends Exception {
        Unavailable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final int MAX_REFITS = 4;

    private final URI base;
    private final Dialect dialect;
    private final String model;
    /** TGI only: the text of each token id seen in a /tokenize answer (bounded by the vocabulary). */
    private final java.util.Map<Integer, String> pieces = new java.util.concurrent.ConcurrentHashMap<>();
    private final java.util.Map<String, String> headers;
    private static final String ADDED_PROBE = "probe";
    /** {@link #addedSpecialTokens()}, once asked. */
    private volatile Integer added;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT).build();

    public ServerTokenizer(URI base, Dialect dialect, String model) {
        this(base, dialect, model, java.util.Map.of());
    }

    /** @param headers what every request carries (an attached server's {@code Authorization}); never logged */
    public ServerTokenizer(URI base, Dialect dialect, String model, java.util.Map<String, String> headers) {
        String b = base.toString();
        this.base = URI.create(b.endsWith("/") ? b.substring(0, b.length() - 1) : b);
        this.dialect = dialect;
        this.model = model;
        this.headers = java.util.Map.copyOf(headers);
    }

    public Dialect dialect() {
        return dialect;
    }

    /** Where the tokenizer is, e.g. {@code /tokenize}, for what a run records. */
    public String endpoint() {
        return "/tokenize";
    }

    /**
     * {@code text} cut to its first {@code maxTokens} tokens as this server tokenizes it (no special tokens), or
     * {@code text} itself when it is not longer.
     *
     * @return the prompt to send and the token count of the original
     */
    public Fit fit(String text, int maxTokens) throws Unavailable, InterruptedException {
        ObjectNode body = tokenizeBody(text);
        JsonNode answer = post("/tokenize", body);
        if (dialect == Dialect.TGI) {
            if (!answer.isArray()) {
                throw new Unavailable("/tokenize answered " + kind(answer) + ", not a list of tokens", null);
            }
            int count = answer.size();
            if (count <= maxTokens) {
                return new Fit(text, count);
            }
            int stop = answer.get(maxTokens - 1).path("stop").asInt(-1);
            if (stop < 0 || stop > text.length()) {
                throw new Unavailable("/tokenize gave no character offsets", null);
            }
            return new Fit(text.substring(0, stop), count);
        }
        List<Integer> tokens = ids(answer);
        int count = tokens.size();
        if (count <= maxTokens) {
            return new Fit(text, count);
        }
        // Detokenized text can tokenize to a token or two more (a leading space, a merge across the cut): re-count
        // and cut shorter until the server agrees it fits.
        int keep = maxTokens;
        for (int attempt = 0; attempt < MAX_REFITS && keep > 0; attempt++) {
            String cut = detokenize(tokens.subList(0, keep));
            int recount = ids(post("/tokenize", tokenizeBody(cut))).size();
            if (recount <= maxTokens) {
                return new Fit(cut, count);
            }
            keep -= recount - maxTokens;
        }
        throw new Unavailable("/detokenize text did not tokenize back within " + maxTokens + " tokens", null);
    }

    /**
     * Tokens the server adds to every prompt beyond its text's own (a BOS token: llama.cpp's and vLLM's
     * {@code /completions} count it in {@code usage.prompt_tokens}); asked once, as the difference between a probe
     * tokenized with and without special tokens. 0 for TGI, whose {@code /tokenize} has no such switch.
     */
    public int addedSpecialTokens() throws Unavailable, InterruptedException {
        Integer known = added;
        if (known == null) {
            if (dialect == Dialect.TGI) {
                known = 0;
            } else {
                int with = ids(post("/tokenize", tokenizeBody(ADDED_PROBE, true))).size();
                known = Math.max(0, with - tokenize(ADDED_PROBE).length);
            }
            added = known;
        }
        return known;
    }

    /** {@code text}'s token ids as this server counts them, without special tokens. */
    public int[] tokenize(String text) throws Unavailable, InterruptedException {
        JsonNode answer = post("/tokenize", tokenizeBody(text));
        if (dialect != Dialect.TGI) {
            return ids(answer).stream().mapToInt(Integer::intValue).toArray();
        }
        if (!answer.isArray()) {
            throw new Unavailable("/tokenize answered " + kind(answer) + ", not a list of tokens", null);
        }
        int[] ids = new int[answer.size()];
        int previousStop = 0;
        for (int i = 0; i < ids.length; i++) {
            JsonNode token = answer.get(i);
            ids[i] = token.path("id").asInt();
            int stop = token.path("stop").asInt(-1);
            String piece = stop >= previousStop && stop <= text.length() ? text.substring(previousStop, stop)
                    : token.path("text").asText("");
            pieces.putIfAbsent(ids[i], piece);
            previousStop = Math.max(previousStop, stop);
        }
        return ids;
    }

    /** The text of {@code ids}; for TGI, from the pieces earlier {@link #tokenize} answers showed. */
    public String detokenize(int[] ids) throws Unavailable, InterruptedException {
        if (dialect == Dialect.TGI) {
            StringBuilder text = new StringBuilder();
            for (int id : ids) {
                String piece = pieces.get(id);
                if (piece == null) {
                    throw new Unavailable("TGI has no /detokenize and token " + id
                            + " was not in any /tokenize answer seen so far", null);
                }
                text.append(piece);
            }
            return text.toString();
        }
        return detokenize(java.util.Arrays.stream(ids).boxed().toList());
    }

    private ObjectNode tokenizeBody(String text) {
        return tokenizeBody(text, false);
    }

    private ObjectNode tokenizeBody(String text, boolean special) {
        ObjectNode body = JSON.createObjectNode();
        switch (dialect) {
            case LLAMA_CPP -> body.put("content", text).put("add_special", special);
            case VLLM -> {
                if (model != null) {
                    body.put("model", model);
                }
                body.put("prompt", text).put("add_special_tokens", special);
            }
            case TGI -> body.put("inputs", text);
        }
        return body;
    }

    private static List<Integer> ids(JsonNode answer) throws Unavailable {
        JsonNode tokens = answer.path("tokens");
        if (!tokens.isArray()) {
            throw new Unavailable("/tokenize answered without a \"tokens\" list", null);
        }
        List<Integer> ids = new ArrayList<>(tokens.size());
        for (JsonNode t : tokens) {
            ids.add(t.isInt() ? t.asInt() : t.path("id").asInt()); // llama.cpp may answer {"id", "piece"}
        }
        return ids;
    }

    private String detokenize(List<Integer> head) throws Unavailable, InterruptedException {
        ObjectNode detok = JSON.createObjectNode();
        if (dialect == Dialect.VLLM && model != null) {
            detok.put("model", model);
        }
        detok.set("tokens", JSON.valueToTree(head));
        JsonNode answer = post("/detokenize", detok);
        JsonNode cut = answer.has("content") ? answer.get("content") : answer.get("prompt");
        if (cut == null || !cut.isTextual()) {
            throw new Unavailable("/detokenize answered without the text", null);
        }
        return cut.asText();
    }

    /** A prompt fitted to the limit, with the server's token count of the original. */
    public record Fit(String text, int originalTokens) {
    }

    private JsonNode post(String path, JsonNode body) throws Unavailable, InterruptedException {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + path)).timeout(TIMEOUT)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        headers.forEach(builder::header);
        HttpRequest request = builder.build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new Unavailable(path + " unreachable: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()), e);
        }
        if (response.statusCode() / 100 != 2) {
            throw new Unavailable(path + " answered HTTP " + response.statusCode(), null);
        }
        try {
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new Unavailable(path + " answered something that is not JSON", e);
        }
    }

    private static String kind(JsonNode node) {
        return node.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    }
}
