package io.joulebench.core.traffic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.time.Clock;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Parses an OpenAI server-sent-event stream, independent of HTTP: feed it bytes as they arrive. Lines not starting
 * with {@code data:} are ignored, {@code data: [DONE]} ends the stream, every other data line is one JSON chunk. Each
 * non-empty text delta is one token receipt stamped on the shared clock; the last non-null {@code finish_reason}
 * wins; usage tokens are taken only when they are plain non-negative integers ≤ 10⁹. Not thread-safe: one per request.
 */
public final class OpenAiStreamParser {

    /** A single line longer than this fails the stream (a broken or hostile server). */
    public static final int MAX_LINE_BYTES = 1 << 20;
    /** Larger usage numbers are treated as garbage and ignored (with a note). */
    public static final long MAX_USAGE_TOKENS = 1_000_000_000L;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DATA = "data:";

    private final OpenAiEndpoint endpoint;
    private final Clock clock;
    private final StringBuilder text;
    private final List<String> notes = new ArrayList<>();
    private byte[] line = new byte[8192];
    private int lineLength;
    private long[] tokenTimes = new long[64];
    private int tokenCount;
    private Integer promptTokens;
    private Integer completionTokens;
    private String finishReason;
    private boolean done;

    public OpenAiStreamParser(OpenAiEndpoint endpoint, Clock clock, boolean keepText) {
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.text = keepText ? new StringBuilder() : null;
    }

    /** A stream that cannot be parsed: bad JSON, an over-long line, or an error object sent mid-stream. */
    public static final class MalformedStreamException extends Exception {
        public MalformedStreamException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Feeds the next bytes of the body; bytes after {@code [DONE]} are ignored. */
    public void accept(ByteBuffer bytes) throws MalformedStreamException {
        if (bytes.hasArray()) {
            accept(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
            bytes.position(bytes.limit());
        } else {
            byte[] copy = new byte[bytes.remaining()];
            bytes.get(copy);
            accept(copy, 0, copy.length);
        }
    }

    public void accept(byte[] bytes, int offset, int length) throws MalformedStreamException {
        int end = offset + length;
        int start = offset;
        for (int i = offset; i < end && !done; i++) {
            if (bytes[i] == '\n') {
                append(bytes, start, i - start);
                endLine();
                start = i + 1;
            }
        }
        if (!done && start < end) {
            append(bytes, start, end - start);
        }
    }

    private void append(byte[] bytes, int offset, int length) throws MalformedStreamException {
        if (lineLength + length > MAX_LINE_BYTES) {
            throw new MalformedStreamException("a stream line exceeds " + MAX_LINE_BYTES + " bytes", null);
        }
        if (lineLength + length > line.length) {
            line = Arrays.copyOf(line, Math.min(MAX_LINE_BYTES, Math.max(line.length * 2, lineLength + length)));
        }
        System.arraycopy(bytes, offset, line, lineLength, length);
        lineLength += length;
    }

    private void endLine() throws MalformedStreamException {
        int length = lineLength > 0 && line[lineLength - 1] == '\r' ? lineLength - 1 : lineLength;
        lineLength = 0;
        acceptLine(new String(line, 0, length, StandardCharsets.UTF_8));
    }

    /** Handles one complete line (without its terminator). */
    public void acceptLine(String rawLine) throws MalformedStreamException {
        if (done || !rawLine.startsWith(DATA)) {
            return;
        }
        String data = rawLine.substring(DATA.length()).strip();
        if (data.isEmpty()) {
            return;
        }
        if (data.equals("[DONE]")) {
            done = true;
            return;
        }
        JsonNode chunk;
        try {
            chunk = JSON.readTree(data);
        } catch (JsonProcessingException e) {
            throw new MalformedStreamException("bad JSON in stream chunk: " + excerpt(data), e);
        }
        if (chunk == null || !chunk.isObject()) {
            throw new MalformedStreamException("stream chunk is not a JSON object: " + excerpt(data), null);
        }
        if (chunk.hasNonNull("error")) {
            JsonNode error = chunk.get("error");
            String message = error.hasNonNull("message") ? error.get("message").asText() : error.toString();
            throw new MalformedStreamException("server error in stream: " + excerpt(message), null);
        }
        readChoice(chunk.get("choices"));
        readUsage(chunk.get("usage"));
    }

    private void readChoice(JsonNode choices) {
        if (choices == null || !choices.isArray() || choices.isEmpty()) {
            return;
        }
        JsonNode choice = choices.get(0);
        JsonNode finish = choice.get("finish_reason");
        if (finish != null && finish.isTextual()) {
            finishReason = finish.asText();
        }
        JsonNode delta = endpoint == OpenAiEndpoint.CHAT ? choice.path("delta").get("content") : choice.get("text");
        if (delta != null && delta.isTextual() && !delta.asText().isEmpty()) {
            receipt(delta.asText());
        }
    }

    private void receipt(String delta) {
        if (tokenCount == tokenTimes.length) {
            tokenTimes = Arrays.copyOf(tokenTimes, tokenTimes.length * 2);
        }
        tokenTimes[tokenCount++] = clock.nanoTime();
        if (text != null) {
            text.append(delta);
        }
    }

    private void readUsage(JsonNode usage) {
        if (usage == null || !usage.isObject()) {
            return;
        }
        Integer prompt = usageCount(usage, "prompt_tokens");
        if (prompt != null) {
            promptTokens = prompt;
        }
        Integer completion = usageCount(usage, "completion_tokens");
        if (completion != null) {
            completionTokens = completion;
        }
    }

    /** A real non-negative integer ≤ 10⁹, else null (booleans, floats, strings and absurd values are refused). */
    private Integer usageCount(JsonNode usage, String field) {
        JsonNode value = usage.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber()) {
            notes.add("ignored non-integer usage." + field + " = " + excerpt(value.toString()));
            return null;
        }
        if (!value.canConvertToLong() || value.asLong() < 0 || value.asLong() > MAX_USAGE_TOKENS) {
            notes.add("ignored out-of-range usage." + field + " = " + excerpt(value.toString()));
            return null;
        }
        return (int) value.asLong();
    }

    /** The body ended: a last line without a terminator still counts. */
    public void endOfStream() throws MalformedStreamException {
        if (!done && lineLength > 0) {
            endLine();
        }
    }

    /** True once {@code [DONE]} arrived. */
    public boolean done() {
        return done;
    }

    public int tokenCount() {
        return tokenCount;
    }

    /** What arrived so far; complete once {@link #done()}. */
    public CompletionResult result() {
        return new CompletionResult(text == null ? null : text.toString(), Arrays.copyOf(tokenTimes, tokenCount),
                promptTokens, completionTokens, finishReason);
    }

    /** Values the parser refused, for the log. */
    public List<String> notes() {
        return List.copyOf(notes);
    }

    static String excerpt(String s) {
        String oneLine = s.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= 200 ? oneLine : oneLine.substring(0, 200) + "…";
    }
}
