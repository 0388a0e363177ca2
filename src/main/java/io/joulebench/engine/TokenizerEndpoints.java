package io.joulebench.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * llama.cpp's {@code POST /tokenize} ({@code {"content", "add_special", "with_pieces"}} → {@code {"tokens": [ids]}},
 * or {@code [{"id", "piece"}]} with pieces) and {@code POST /detokenize} ({@code {"tokens": [ids]}} →
 * {@code {"content"}}) over the engine's own {@link Tokenizer}. The engine has no special tokens, so
 * {@code add_special} changes nothing.
 */
final class TokenizerEndpoints {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Vocabulary vocabulary;

    TokenizerEndpoints(Vocabulary vocabulary) {
        this.vocabulary = vocabulary;
    }

    String tokenize(byte[] body) throws JsonProcessingException {
        JsonNode root = object(body);
        JsonNode content = root.get("content");
        if (content == null || !content.isTextual()) {
            throw new ApiError(400, "content must be a string", "content");
        }
        for (String flag : new String[] {"add_special", "with_pieces"}) {
            JsonNode v = root.get(flag);
            if (v != null && !v.isNull() && !v.isBoolean()) {
                throw new ApiError(400, flag + " must be a boolean", flag);
            }
        }
        boolean withPieces = root.path("with_pieces").asBoolean(false);
        int[] ids = vocabulary.tokenize(content.textValue());
        ObjectNode out = MAPPER.createObjectNode();
        ArrayNode tokens = out.putArray("tokens");
        for (int id : ids) {
            if (withPieces) {
                tokens.addObject().put("id", id).put("piece", vocabulary.piece(id));
            } else {
                tokens.add(id);
            }
        }
        return MAPPER.writeValueAsString(out);
    }

    String detokenize(byte[] body) throws JsonProcessingException {
        JsonNode tokens = object(body).get("tokens");
        if (tokens == null || !tokens.isArray()) {
            throw new ApiError(400, "tokens must be a list of token ids", "tokens");
        }
        int[] ids = new int[tokens.size()];
        for (int i = 0; i < ids.length; i++) {
            JsonNode t = tokens.get(i);
            if (!t.isIntegralNumber() || !t.canConvertToInt()) {
                throw new ApiError(400, "tokens[" + i + "] must be an integer token id", "tokens");
            }
            ids[i] = t.intValue();
        }
        return MAPPER.writeValueAsString(MAPPER.createObjectNode().put("content", vocabulary.detokenize(ids)));
    }

    private static JsonNode object(byte[] body) {
        JsonNode root;
        try {
            root = MAPPER.readTree(body);
        } catch (java.io.IOException e) {
            throw new ApiError(400, "request body is not valid JSON");
        }
        if (root == null || !root.isObject()) {
            throw new ApiError(400, "request body must be a JSON object");
        }
        return root;
    }
}
