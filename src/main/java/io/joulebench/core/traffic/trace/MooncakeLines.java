package io.joulebench.core.traffic.trace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.joulebench.core.traffic.TraceFormatException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Mooncake (kvcache-ai/Mooncake, {@code mooncake_trace.jsonl}): one JSON object per line, {@code timestamp} in
 * milliseconds from the trace's start, {@code input_length} and {@code output_length} in tokens, {@code hash_ids} one
 * id per block of {@code block_size} tokens (equal leading ids = a shared prefix). Other fields are ignored. Parsed
 * with Jackson's streaming parser, one line at a time.
 */
final class MooncakeLines implements TraceLines {

    static final String TIMESTAMP = "timestamp";
    static final String INPUT = "input_length";
    static final String OUTPUT = "output_length";
    static final String HASH_IDS = "hash_ids";
    private static final JsonFactory JSON = new JsonFactory();

    private final Path file;

    MooncakeLines(Path file) {
        this.file = file;
    }

    @Override
    public TraceLine parse(String line, int n) throws TraceFormatException {
        if (!line.startsWith("{")) {
            throw new TraceFormatException(file, n, "mooncake expects one JSON object per line, found '"
                    + abbreviate(line) + "'");
        }
        String timeText = null;
        double time = 0;
        Integer input = null;
        Integer output = null;
        int[] hashes = null;
        try (JsonParser p = JSON.createParser(line)) {
            p.nextToken();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                switch (name) {
                    case TIMESTAMP -> {
                        number(p, value, TIMESTAMP, n);
                        timeText = p.getText();
                        time = TraceFields.seconds(file, n, TIMESTAMP, timeText, 1e-3);
                    }
                    case INPUT -> input = TraceFields.tokens(file, n, INPUT, number(p, value, INPUT, n), p.getText());
                    case OUTPUT -> output = TraceFields.tokens(file, n, OUTPUT, number(p, value, OUTPUT, n), p.getText());
                    case HASH_IDS -> hashes = hashIds(p, value, n);
                    default -> p.skipChildren();
                }
            }
            if (p.currentToken() != JsonToken.END_OBJECT || p.nextToken() != null) {
                throw new TraceFormatException(file, n, "is not one JSON object");
            }
        } catch (JsonProcessingException e) {
            throw new TraceFormatException(file, n, "is not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new TraceFormatException(file, n, "cannot be read: " + e.getMessage());
        }
        if (timeText == null) {
            throw new TraceFormatException(file, n, "missing field " + TIMESTAMP);
        }
        if (input == null) {
            throw new TraceFormatException(file, n, "missing field " + INPUT);
        }
        return TraceLine.row(time, timeText, input, output, hashes);
    }

    private double number(JsonParser p, JsonToken value, String field, int n) throws IOException, TraceFormatException {
        if (value != JsonToken.VALUE_NUMBER_INT && value != JsonToken.VALUE_NUMBER_FLOAT) {
            throw new TraceFormatException(file, n, field + " must be a number (got " + abbreviate(p.getText()) + ")");
        }
        return p.getDoubleValue();
    }

    private int[] hashIds(JsonParser p, JsonToken value, int n) throws IOException, TraceFormatException {
        if (value != JsonToken.START_ARRAY) {
            throw new TraceFormatException(file, n, HASH_IDS + " must be a list of whole numbers");
        }
        int[] ids = new int[16];
        int size = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.VALUE_NUMBER_INT || !p.getNumberType().equals(JsonParser.NumberType.INT)) {
                throw new TraceFormatException(file, n, HASH_IDS + "[" + size + "] must be a whole number (got "
                        + abbreviate(p.getText()) + ")");
            }
            if (size == ids.length) {
                ids = Arrays.copyOf(ids, size * 2);
            }
            ids[size++] = p.getIntValue();
        }
        return Arrays.copyOf(ids, size);
    }

    private static String abbreviate(String text) {
        return text == null ? "nothing" : text.length() > 40 ? text.substring(0, 40) + "…" : text;
    }
}
