package io.joulebench.core.traffic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.time.Clock;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Parses an OpenAI server-sent-event stream, independent of HTTP: feed it bytes as they arrive. Lines not starting
 * with {@code data:} are ignored, {@code data: [DONE]} ends the stream, every other data line is one JSON chunk. Each
 * non-empty text delta is one token receipt stamped on the shared clock; the last non-null {@code finish_reason}
 * wins. Not thread-safe: one per request.
 *
 * <p><b>When a receipt is stamped.</b> {@link #accept(byte[], int, int)} reads the clock once, on entry, before it
 * scans a byte or builds any JSON, and every token whose line ends in those bytes gets that stamp: a token is received
 * when the read that completed its line returned, and the parse cost of the tokens before it in the same read is not
 * added to its time. A line split over reads gets the stamp of the read that brought its end. {@link #acceptLine}
 * (one line at a time, no read behind it) reads the clock per line.
 *
 * <p><b>Allocation.</b> A complete line inside one read is read where it lies; only a line split over reads is copied
 * into a buffer the parser keeps. A plain token chunk (a text delta, no finish reason, usage or error) is read at byte
 * level by a {@link TokenChunkScanner}, without a String or a tree, and its receipt goes into a primitive growable
 * array; every other chunk (once or twice per request) is read with Jackson, which owns the error messages. The delta's
 * text becomes a String only when the parser keeps text ({@code keepText}; {@link CompletionResult#text()}).
 *
 * <p>Opt-in, {@code captureSendTimes}: each token's chunk's top-level {@code t_send_ns} (a server's send time on the
 * same monotonic clock, as {@code joulebench bench null-server --tokens} writes it) is kept beside its receipt, so
 * receipt lag = receipt − send can be measured.
 *
 * <p>A stream that breaks the contract fails with a {@link MalformedStreamException} (the transport turns it into an
 * error row that keeps the tokens received so far): bad JSON, an over-long line, an error object, a chunk without
 * {@code choices} (unless it carries {@code usage}), a choice without its text ({@code text} for completions,
 * {@code delta} for chat) and without a finish reason, and absurd usage: a count that is not a plain integer, is
 * negative or above {@value #MAX_USAGE_TOKENS}, or a {@code completion_tokens} more than
 * {@value #MAX_USAGE_PER_STREAMED_TOKEN} × the tokens streamed (at least 1) when {@code [DONE]} arrives.
 */
public final class OpenAiStreamParser {

    /** A single line longer than this fails the stream (a broken or hostile server). */
    public static final int MAX_LINE_BYTES = 1 << 20;
    /** A usage count above this is absurd: the stream fails. */
    public static final long MAX_USAGE_TOKENS = 1_000_000_000L;
    /** A {@code completion_tokens} above this many times the streamed tokens (at least 1) is absurd. */
    public static final int MAX_USAGE_PER_STREAMED_TOKEN = 100;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DATA = "data:";
    private static final String SEND_FIELD = "t_send_ns";

    private final OpenAiEndpoint endpoint;
    private final Clock clock;
    private final StringBuilder text;
    private final TokenChunkScanner scanner = new TokenChunkScanner();
    /** A line split over reads, kept until its end arrives; allocated on first need. */
    private byte[] line;
    private int lineLength;
    private final LongRun tokenTimes = new LongRun();
    private final LongRun sendTimes;
    /** The clock on entry to the current {@link #accept(byte[], int, int)}; valid while {@link #inRead}. */
    private long readStamp;
    private boolean inRead;
    private Integer promptTokens;
    private Integer completionTokens;
    private Double trueEnergyJ;
    private Integer cachedTokens;
    private String finishReason;
    private boolean done;

    public OpenAiStreamParser(OpenAiEndpoint endpoint, Clock clock, boolean keepText) {
        this(endpoint, clock, keepText, false);
    }

    /** @param captureSendTimes keep each token chunk's top-level {@code t_send_ns} (see the class comment) */
    public OpenAiStreamParser(OpenAiEndpoint endpoint, Clock clock, boolean keepText, boolean captureSendTimes) {
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.text = keepText ? new StringBuilder() : null;
        this.sendTimes = captureSendTimes ? new LongRun() : null;
    }

    /** A stream that breaks the contract: bad JSON, an over-long line, an error object, missing fields, absurd usage. */
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
        readStamp = clock.nanoTime();
        inRead = true;
        try {
            int end = offset + length;
            int start = offset;
            for (int i = offset; i < end && !done; i++) {
                if (bytes[i] == '\n') {
                    if (lineLength == 0) {
                        if (i - start > MAX_LINE_BYTES) {
                            throw new MalformedStreamException("a stream line exceeds " + MAX_LINE_BYTES + " bytes", null);
                        }
                        endLine(bytes, start, i - start); // the whole line lies in this read: no copy
                    } else {
                        append(bytes, start, i - start);
                        endLine();
                    }
                    start = i + 1;
                }
            }
            if (!done && start < end) {
                append(bytes, start, end - start);
            }
        } finally {
            inRead = false;
        }
    }

    private void append(byte[] bytes, int offset, int length) throws MalformedStreamException {
        if (lineLength + length > MAX_LINE_BYTES) {
            throw new MalformedStreamException("a stream line exceeds " + MAX_LINE_BYTES + " bytes", null);
        }
        if (line == null) {
            line = new byte[Math.max(512, length)];
        } else if (lineLength + length > line.length) {
            line = Arrays.copyOf(line, Math.min(MAX_LINE_BYTES, Math.max(line.length * 2, lineLength + length)));
        }
        System.arraycopy(bytes, offset, line, lineLength, length);
        lineLength += length;
    }

    private void endLine() throws MalformedStreamException {
        int length = lineLength;
        lineLength = 0;
        endLine(line, 0, length);
    }

    /**
     * One complete line at {@code bytes[offset, offset + length)}: {@code [DONE]} and plain token chunks at byte level,
     * any other line through {@link #acceptLine} as a String (exactly as before the byte path existed).
     */
    private void endLine(byte[] bytes, int offset, int length) throws MalformedStreamException {
        if (length > 0 && bytes[offset + length - 1] == '\r') {
            length--;
        }
        int end = offset + length;
        if (done || length < DATA.length() || bytes[offset] != 'd' || bytes[offset + 1] != 'a'
                || bytes[offset + 2] != 't' || bytes[offset + 3] != 'a' || bytes[offset + 4] != ':') {
            return;
        }
        int from = offset + DATA.length();
        int to = end;
        while (from < to && isAsciiSpace(bytes[from])) {
            from++;
        }
        while (to > from && isAsciiSpace(bytes[to - 1])) {
            to--;
        }
        if (from == to) {
            return;
        }
        if (to - from == 6 && bytes[from] == '[' && bytes[from + 1] == 'D' && bytes[from + 2] == 'O'
                && bytes[from + 3] == 'N' && bytes[from + 4] == 'E' && bytes[from + 5] == ']') {
            checkUsageAgainstStream();
            done = true;
            return;
        }
        boolean keepsText = text != null;
        if (scanner.scan(bytes, from, to, endpoint == OpenAiEndpoint.CHAT) && !(keepsText && scanner.textEscaped)) {
            if (scanner.textStart >= 0 && scanner.textEnd > scanner.textStart) {
                recordToken(scanner.sendNs);
                if (keepsText) {
                    text.append(deltaText(bytes, scanner.textStart, scanner.textEnd));
                }
            }
            return;
        }
        acceptLine(new String(bytes, offset, length, StandardCharsets.UTF_8));
    }

    /**
     * The text of a delta whose raw bytes (no escapes) lie at {@code bytes[start, end)}: the one place the byte path
     * makes a String, only when text is kept; a caller that needs a reply's content reads it from {@link #result()}.
     */
    private static String deltaText(byte[] bytes, int start, int end) {
        return new String(bytes, start, end - start, StandardCharsets.UTF_8);
    }

    /** The whitespace {@link String#strip()} removes, in its ASCII range. */
    private static boolean isAsciiSpace(byte c) {
        return c == ' ' || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f);
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
            checkUsageAgainstStream();
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
        JsonNode usage = chunk.get("usage");
        boolean hasUsage = usage != null && usage.isObject();
        JsonNode choices = chunk.get("choices");
        if (choices == null || choices.isNull()) {
            if (!hasUsage) {
                throw new MalformedStreamException("stream chunk has no choices: " + excerpt(data), null);
            }
        } else if (!choices.isArray()) {
            throw new MalformedStreamException("stream chunk's choices is not a list: " + excerpt(data), null);
        } else if (!choices.isEmpty()) {
            readChoice(choices.get(0), data, chunk);
        }
        if (hasUsage) {
            readUsage(usage);
        } else if (usage != null && !usage.isNull()) {
            throw new MalformedStreamException("stream chunk's usage is not an object: " + excerpt(data), null);
        }
    }

    private void readChoice(JsonNode choice, String data, JsonNode chunk) throws MalformedStreamException {
        if (!choice.isObject()) {
            throw new MalformedStreamException("stream choice is not an object: " + excerpt(data), null);
        }
        JsonNode finish = choice.get("finish_reason");
        boolean finishes = finish != null && finish.isTextual();
        if (finishes) {
            finishReason = finish.asText();
        }
        JsonNode delta;
        if (endpoint == OpenAiEndpoint.CHAT) {
            JsonNode message = choice.get("delta");
            if (message == null || !message.isObject()) {
                if (finishes) {
                    return;
                }
                throw new MalformedStreamException("stream choice has no delta: " + excerpt(data), null);
            }
            delta = message.get("content");
        } else {
            delta = choice.get("text");
            if (delta == null && !finishes) {
                throw new MalformedStreamException("stream choice has no text: " + excerpt(data), null);
            }
        }
        if (delta != null && !delta.isNull() && !delta.isTextual()) {
            throw new MalformedStreamException("stream choice's text is not a string: " + excerpt(data), null);
        }
        if (delta != null && delta.isTextual() && !delta.asText().isEmpty()) {
            receipt(delta.asText(), chunk);
        }
    }

    private void receipt(String delta, JsonNode chunk) {
        JsonNode sent = chunk.get(SEND_FIELD);
        recordToken(sent != null && sent.isIntegralNumber() && sent.canConvertToLong()
                ? sent.asLong() : CompletionResult.NO_SEND_TIME);
        if (text != null) {
            text.append(delta);
        }
    }

    /** One token receipt: its stamp, and its chunk's send time when they are captured. */
    private void recordToken(long sendNs) {
        if (sendTimes != null) {
            sendTimes.add(sendNs);
        }
        tokenTimes.add(inRead ? readStamp : clock.nanoTime());
    }

    private void readUsage(JsonNode usage) throws MalformedStreamException {
        Integer prompt = usageCount(usage, "prompt_tokens");
        if (prompt != null) {
            promptTokens = prompt;
        }
        Integer completion = usageCount(usage, "completion_tokens");
        if (completion != null) {
            completionTokens = completion;
        }
        JsonNode details = usage.get("prompt_tokens_details");
        if (details != null && details.isObject()) {
            Integer cached = usageCount(details, "cached_tokens");
            if (cached != null) {
                cachedTokens = cached;
            }
        }
        JsonNode truth = usage.get(CompletionResult.TRUE_ENERGY_FIELD);
        if (truth != null && !truth.isNull()) {
            if (!truth.isNumber() || !(truth.asDouble() >= 0) || Double.isInfinite(truth.asDouble())) {
                throw new MalformedStreamException("bad usage: usage." + CompletionResult.TRUE_ENERGY_FIELD + " = "
                        + excerpt(truth.toString()) + " is not a number of joules >= 0", null);
            }
            trueEnergyJ = truth.asDouble();
        }
    }

    /** A plain integer in [0, 10⁹], or null when absent; anything else (booleans, floats, strings, absurd) fails. */
    private static Integer usageCount(JsonNode usage, String field) throws MalformedStreamException {
        JsonNode value = usage.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber()) {
            throw new MalformedStreamException("bad usage: usage." + field + " = " + excerpt(value.toString())
                    + " is not an integer", null);
        }
        if (!value.canConvertToLong() || value.asLong() < 0 || value.asLong() > MAX_USAGE_TOKENS) {
            throw new MalformedStreamException("absurd usage: usage." + field + " = " + excerpt(value.toString()),
                    null);
        }
        return (int) value.asLong();
    }

    /** At {@code [DONE]}: a completion count far above what was streamed is absurd. */
    private void checkUsageAgainstStream() throws MalformedStreamException {
        int tokenCount = tokenTimes.size();
        long limit = (long) MAX_USAGE_PER_STREAMED_TOKEN * Math.max(1, tokenCount);
        if (completionTokens != null && completionTokens > limit) {
            throw new MalformedStreamException("absurd usage: usage.completion_tokens = " + completionTokens + " for "
                    + tokenCount + " streamed tokens (more than " + MAX_USAGE_PER_STREAMED_TOKEN + " per token)", null);
        }
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
        return tokenTimes.size();
    }

    /** What arrived so far; complete once {@link #done()}. */
    public CompletionResult result() {
        return new CompletionResult(text == null ? null : text.toString(), tokenTimes.snapshot(),
                promptTokens, completionTokens, finishReason, null,
                sendTimes == null ? null : sendTimes.snapshot(), trueEnergyJ, cachedTokens);
    }

    static String excerpt(String s) {
        String oneLine = s.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= 200 ? oneLine : oneLine.substring(0, 200) + "…";
    }
}
