package io.joulebench.core.traffic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.time.Clock;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What every OpenAI streaming transport shares, whatever HTTP client it runs on: the target, the extra headers
 * (sent, never logged), the read timeout between chunks, the clock that stamps tokens, and how a request body and an
 * error text are made.
 *
 * @param uri         the full endpoint URI (base URL + {@link OpenAiEndpoint#path()})
 * @param headers     extra request headers such as {@code Authorization}; their values never appear in errors
 * @param readTimeout longest wait for the response headers and between two body chunks
 */
public record OpenAiTransportOptions(URI uri, OpenAiEndpoint endpoint, Map<String, String> headers,
                                     Duration readTimeout, Clock clock, boolean keepText, boolean captureSendTimes) {

    /** Bytes of a non-2xx body quoted in the error. */
    static final int ERROR_BODY_BYTES = 512;
    private static final ObjectMapper JSON = new ObjectMapper();

    public OpenAiTransportOptions(URI uri, OpenAiEndpoint endpoint, Map<String, String> headers,
                                  Duration readTimeout, Clock clock, boolean keepText) {
        this(uri, endpoint, headers, readTimeout, clock, keepText, false);
    }

    public OpenAiTransportOptions {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(endpoint, "endpoint");
        headers = Map.copyOf(headers);
        Objects.requireNonNull(readTimeout, "readTimeout");
        Objects.requireNonNull(clock, "clock");
    }

    @Override
    public String toString() {
        return "OpenAiTransportOptions[uri=" + uri + ", endpoint=" + endpoint + ", headers=" + headers.keySet()
                + ", readTimeout=" + readTimeout + ", keepText=" + keepText + ", captureSendTimes=" + captureSendTimes + "]";
    }

    /** The payload plus {@code "stream": true, "stream_options": {"include_usage": true}}, as JSON bytes. */
    byte[] body(RequestShape request) throws TransportException {
        Map<String, Object> body = new LinkedHashMap<>(request.payload());
        body.put("stream", true);
        body.put("stream_options", Map.of("include_usage", true));
        try {
            return JSON.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new TransportException("payload of request " + request.index() + " is not JSON-serialisable: "
                    + e.getOriginalMessage(), CompletionResult.EMPTY, e);
        }
    }

    OpenAiStreamParser parser() {
        return parser(keepText);
    }

    /** A parser keeping the reply's text when the options or {@code request} ask for it. */
    OpenAiStreamParser parser(RequestShape request) {
        return parser(keepsText(request));
    }

    boolean keepsText(RequestShape request) {
        return keepText || request.keepsReply();
    }

    OpenAiStreamParser parser(boolean text) {
        return new OpenAiStreamParser(endpoint, clock, text, captureSendTimes);
    }

    TransportException httpStatus(int status, byte[] excerpt, int length) {
        String text = scrub(OpenAiStreamParser.excerpt(new String(excerpt, 0, length, StandardCharsets.UTF_8)));
        return new TransportException("HTTP " + status + " from " + endpoint.path() + ": "
                + (text.isEmpty() ? "(empty body)" : text), CompletionResult.EMPTY);
    }

    /**
     * {@code text} (an engine's error body or stream error, which becomes a request's error text in requests.csv)
     * with every extra header's value masked, and the credential of a {@code Bearer X}-style value on its own: an
     * engine that echoes the request's {@code Authorization} must not put the key into results.
     */
    String scrub(String text) {
        if (text == null || headers.isEmpty()) {
            return text;
        }
        String out = text;
        for (String value : headers.values()) {
            if (value == null || value.length() < 4) {
                continue;
            }
            out = out.replace(value, "****");
            int space = value.indexOf(' ');
            if (space > 0 && value.length() - space > 4) {
                out = out.replace(value.substring(space + 1).strip(), "****");
            }
        }
        return out;
    }

    TransportException requestFailed(Throwable cause) {
        return new TransportException("request to " + endpoint.path() + " failed: " + describe(cause),
                CompletionResult.EMPTY, cause);
    }

    String readTimeoutText() {
        return "no data for " + readTimeout.toMillis() + " ms (read timeout)";
    }

    static TransportException failure(OpenAiStreamParser parser, String what, Throwable cause) {
        return new TransportException(what + " after " + parser.tokenCount() + " tokens", parser.result(), cause);
    }

    static String describe(Throwable t) {
        if (t == null) {
            return "unknown failure";
        }
        String message = t.getMessage();
        return t.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message);
    }
}
