package io.joulebench.core.event;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;

/**
 * Writes a {@link RunEvent} as one line of {@code events.jsonl} and reads it back into the same record.
 * Field names are snake case; {@code t} and {@code line} sit beside the event's own fields, as they always did, so
 * files written before the events were types still read (fields they lack are null).
 */
public final class RunEventCodec {

    private static final ObjectMapper JSON = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .configure(com.fasterxml.jackson.databind.cfg.EnumFeature.WRITE_ENUMS_TO_LOWERCASE, true)
            .enable(com.fasterxml.jackson.databind.MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
            .build();

    private RunEventCodec() {
    }

    /** The event as one JSON line (no newline). */
    public static String write(RecordedEvent r) {
        ObjectNode n = JSON.createObjectNode();
        if (r.t() != null) {
            n.put("t", r.t().toString());
        }
        ObjectNode fields = JSON.valueToTree(r.event());
        if (r.event() instanceof RunEvent.Job j) {
            fields.remove("kind");
            fields.put("event", j.kind());
        }
        n.put("event", fields.path("event").asText());
        fields.remove("event");
        n.setAll(fields);
        if (r.line() != null) {
            n.put("line", r.line());
        }
        try {
            return JSON.writeValueAsString(n);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an event could not be written as JSON", e);
        }
    }

    /** One line of the file; empty when it is not JSON (the torn last line of a killed run). */
    public static Optional<RecordedEvent> read(String line) {
        try {
            return Optional.of(read(JSON.readTree(line)));
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static RecordedEvent read(JsonNode n) throws JsonProcessingException {
        if (!(n instanceof ObjectNode o)) {
            throw new IllegalArgumentException("not an object");
        }
        String event = o.path("event").asText("");
        if (event.startsWith("job_")) {
            o.put("kind", event);
        }
        ObjectNode fields = o.deepCopy();
        fields.remove(List.of("t", "line")); // not the event's own: a probe takes every other field as a figure
        RunEvent e;
        try {
            e = JSON.treeToValue(fields, RunEvent.class);
        } catch (JsonProcessingException ex) {
            e = new RunEvent.Other(); // a field of another type than ours: still a line to show
        }
        return new RecordedEvent(time(o), o.hasNonNull("line") ? o.get("line").asText() : null, e);
    }

    private static Instant time(JsonNode n) {
        try {
            return n.hasNonNull("t") ? Instant.parse(n.get("t").asText()) : null;
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
