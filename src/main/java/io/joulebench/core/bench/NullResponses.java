package io.joulebench.core.bench;

import java.nio.charset.StandardCharsets;

/** The null server's responses, encoded once. */
final class NullResponses {

    static final String TOKEN_CHUNK =
            "data: {\"id\":\"null\",\"object\":\"text_completion\",\"choices\":[{\"index\":0,\"text\":\"x\","
                    + "\"finish_reason\":null}]}\n\n";
    static final String USAGE_CHUNK =
            "data: {\"id\":\"null\",\"object\":\"text_completion\",\"choices\":[{\"index\":0,\"text\":\"\","
                    + "\"finish_reason\":\"length\"}],\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":1,"
                    + "\"total_tokens\":2}}\n\n";
    static final String CHAT_TOKEN_CHUNK =
            "data: {\"id\":\"null\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,"
                    + "\"delta\":{\"content\":\"x\"},\"finish_reason\":null}]}\n\n";
    static final String CHAT_USAGE_CHUNK =
            "data: {\"id\":\"null\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{},"
                    + "\"finish_reason\":\"length\"}],\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":1,"
                    + "\"total_tokens\":2}}\n\n";
    static final String DONE = "data: [DONE]\n\n";

    static final byte[] COMPLETION = response(200, "OK", "text/event-stream", TOKEN_CHUNK + USAGE_CHUNK + DONE, false);
    static final byte[] CHAT = response(200, "OK", "text/event-stream", CHAT_TOKEN_CHUNK + CHAT_USAGE_CHUNK + DONE,
            false);
    static final byte[] HEALTH = response(200, "OK", "application/json", "{\"status\":\"ok\"}", false);
    static final byte[] NOT_FOUND = response(404, "Not Found", "application/json",
            "{\"error\":{\"message\":\"not found\"}}", false);
    static final byte[] BAD_REQUEST = response(400, "Bad Request", "application/json",
            "{\"error\":{\"message\":\"bad request\"}}", true);
    static final byte[] TOO_LARGE = response(413, "Content Too Large", "application/json",
            "{\"error\":{\"message\":\"request too large\"}}", true);

    private NullResponses() {
    }

    static byte[] forRequest(String method, String target) {
        int query = target.indexOf('?');
        String path = query < 0 ? target : target.substring(0, query);
        return switch (path) {
            case "/v1/completions" -> method.equals("POST") ? COMPLETION : NOT_FOUND;
            case "/v1/chat/completions" -> method.equals("POST") ? CHAT : NOT_FOUND;
            case "/health" -> HEALTH;
            default -> NOT_FOUND;
        };
    }

    static byte[] response(int status, String reason, String contentType, String body, boolean close) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String head = "HTTP/1.1 " + status + " " + reason + "\r\n"
                + "Content-Type: " + contentType + "\r\n"
                + "Content-Length: " + bytes.length + "\r\n"
                + (close ? "Connection: close\r\n" : "")
                + "\r\n";
        byte[] headBytes = head.getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = new byte[headBytes.length + bytes.length];
        System.arraycopy(headBytes, 0, all, 0, headBytes.length);
        System.arraycopy(bytes, 0, all, headBytes.length, bytes.length);
        return all;
    }
}
