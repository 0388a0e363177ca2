package io.joulebench.core.study;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads study YAML into a tree while recording the line and column of every key and list item. Problems that make
 * the text unreadable (too big, not UTF-8, control bytes, YAML syntax, duplicate keys, aliases, a root that is not a
 * mapping) become {@link StudyError}s; nothing here throws for bad input.
 */
public final class YamlTreeReader {

    /** Study files above this size are refused before parsing. */
    public static final int MAX_BYTES = 1024 * 1024;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private final YAMLFactory factory = YAMLFactory.builder().build();

    /** Parses {@code bytes}; returns null (with errors added) when no usable tree could be read. */
    public YamlDocument read(String fileName, byte[] bytes, List<StudyError> errors) {
        if (bytes.length > MAX_BYTES) {
            errors.add(StudyError.at(fileName, "", SourceLocation.UNKNOWN, "file is " + bytes.length
                    + " bytes; study files are limited to 1 MiB (" + MAX_BYTES + " bytes) — is this the right file?"));
            return null;
        }
        String text = decode(fileName, bytes, errors);
        if (text == null || !checkControlCharacters(fileName, text, errors)) {
            return null;
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        Session s = new Session(fileName, errors);
        try (JsonParser p = factory.createParser(text)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                errors.add(StudyError.at(fileName, "", SourceLocation.UNKNOWN,
                        "file is empty; a study needs at least 'serving_mode' (server or offline)"));
                return null;
            }
            if (first != JsonToken.START_OBJECT) {
                String got = first == JsonToken.START_ARRAY ? "a list" : "a single value";
                errors.add(StudyError.at(fileName, "", locationOf(p), "the top level must be a mapping of keys"
                        + " (serving_mode: …, engine: …), got " + got));
                return null;
            }
            ObjectNode root = (ObjectNode) s.readValue(p, "");
            if (p.nextToken() != null) {
                errors.add(StudyError.at(fileName, "", locationOf(p),
                        "a study file holds one YAML document; remove the second '---' document"));
            }
            return new YamlDocument(fileName, root, s.locations);
        } catch (JsonProcessingException e) {
            errors.add(syntaxError(fileName, s, e));
            return null;
        } catch (IOException | RuntimeException e) {
            errors.add(syntaxError(fileName, s, e));
            return null;
        }
    }

    /**
     * The text, or null with an error naming the first byte that is not UTF-8: its value, offset, line and column,
     * and why (a stray continuation byte, a byte never valid in UTF-8, a lead byte without its continuation, the file
     * ending inside a character), plus the first control character before it, if any (binary garbage has both).
     */
    private static String decode(String fileName, byte[] bytes, List<StudyError> errors) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1); // UTF-8 never decodes to more chars than bytes
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        out.flip();
        if (!result.isError()) {
            return out.toString();
        }
        int offset = in.position(); // the start of the malformed sequence
        String prefix = out.toString();
        int at = firstControl(prefix);
        SourceLocation where = at < 0 ? null : locate(prefix, at);
        String control = at < 0 ? null : String.format(Locale.ROOT, "U+%04X (line %d, column %d)",
                (int) prefix.charAt(at), where.line(), where.column());
        StringBuilder rule = new StringBuilder(String.format(Locale.ROOT,
                "not UTF-8 text: byte 0x%02X at offset %d %s", bytes[offset] & 0xFF, offset,
                whyNotUtf8(bytes, offset, result.length())));
        if (control != null) {
            rule.append(", after control character ").append(control)
                    .append("; this looks like a binary file, not a YAML study");
        } else {
            rule.append("; a study file must be UTF-8 YAML");
        }
        errors.add(StudyError.at(fileName, "", locate(prefix, prefix.length()), rule.toString()));
        return null;
    }

    /** Why the sequence of {@code length} bytes at {@code offset} is not UTF-8. */
    private static String whyNotUtf8(byte[] bytes, int offset, int length) {
        int b = bytes[offset] & 0xFF;
        if (b >= 0x80 && b <= 0xBF) {
            return "is a continuation byte without a lead byte";
        }
        if (b == 0xC0 || b == 0xC1 || b >= 0xF5) {
            return "is never valid in UTF-8";
        }
        if (offset + length >= bytes.length) {
            return "starts a multi-byte character, but the file ends before it is complete";
        }
        return "starts a multi-byte character that is not followed by its continuation bytes"
                + " (or encodes an overlong form or a surrogate)";
    }

    private static boolean isControl(char c) {
        return (c < 0x20 && c != '\t' && c != '\r' && c != '\n') || c == 0x7F || c == '\uFFFE' || c == '\uFFFF';
    }

    private static boolean checkControlCharacters(String fileName, String text, List<StudyError> errors) {
        int at = firstControl(text);
        if (at < 0) {
            return true;
        }
        errors.add(StudyError.at(fileName, "", locate(text, at), String.format(
                "contains control character U+%04X; this does not look like a YAML text file", (int) text.charAt(at))));
        return false;
    }

    /** The index of the first control character ({@link #isControl}) in {@code text}; -1 when there is none. */
    private static int firstControl(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (isControl(text.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    /** The line and column (both from 1) of index {@code end} of {@code text}. */
    private static SourceLocation locate(String text, int end) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < end; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return new SourceLocation(line, column);
    }

    private static StudyError syntaxError(String fileName, Session s, Exception e) {
        String path = s.pathForErrors();
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof org.yaml.snakeyaml.error.MarkedYAMLException m && m.getProblemMark() != null) {
                String context = m.getContext() == null ? "" : m.getContext() + ": ";
                String problem = m.getProblem() == null ? "malformed YAML" : foundToken(m.getProblem());
                int column = m.getProblemMark().getColumn() + 1;
                if (s.currentPath.isEmpty() && column == 1) {
                    path = ""; // at the start of a top-level line: outside the value of the key read last
                }
                return StudyError.at(fileName, path, new SourceLocation(m.getProblemMark().getLine() + 1, column),
                        "YAML syntax error: " + context + problem);
            }
        }
        if (e instanceof JsonProcessingException j) {
            JsonLocation loc = j.getLocation();
            SourceLocation at = loc == null ? SourceLocation.UNKNOWN : new SourceLocation(loc.getLineNr(), loc.getColumnNr());
            return StudyError.at(fileName, path, at, "YAML syntax error: " + firstLine(j.getOriginalMessage()));
        }
        return StudyError.at(fileName, path, SourceLocation.UNKNOWN, "YAML syntax error: " + firstLine(e.getMessage()));
    }

    /**
     * SnakeYAML names the token it found by its bare id ("expected ',' or '}', but got :"), which reads as a sentence
     * cut short; it is quoted and named ("but found ':' (a key's colon)").
     */
    static String foundToken(String problem) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("but got (\\S+)$").matcher(problem);
        if (!m.find() || m.group(1).startsWith("<")) {
            return problem;
        }
        String token = m.group(1);
        String what = switch (token) {
            case ":" -> " (a key's colon: a value inside [ ] or { } that holds ': ' needs quotes)";
            case "," -> " (a comma)";
            case "-" -> " (a list item's dash)";
            case "?" -> " (a complex key's '?')";
            default -> "";
        };
        return problem.substring(0, m.start()) + "but found '" + token + "'" + what;
    }

    private static String firstLine(String message) {
        if (message == null || message.isBlank()) {
            return "malformed YAML";
        }
        return message.strip().lines().findFirst().orElse("malformed YAML");
    }

    private static SourceLocation locationOf(JsonParser p) {
        JsonLocation loc = p.currentTokenLocation();
        return new SourceLocation(Math.max(1, loc.getLineNr()), Math.max(1, loc.getColumnNr()));
    }

    /** The state of one parse: locations by path, the path being read (for syntax errors), the error sink. */
    private static final class Session {
        final String fileName;
        final List<StudyError> errors;
        final Map<String, SourceLocation> locations = new HashMap<>();
        String currentPath = "";
        String lastKey = "";

        String pathForErrors() {
            return currentPath.isEmpty() ? lastKey : currentPath;
        }

        Session(String fileName, List<StudyError> errors) {
            this.fileName = fileName;
            this.errors = errors;
        }

        JsonNode readValue(JsonParser p, String path) throws IOException {
            currentPath = path;
            JsonToken token = p.currentToken();
            if (p instanceof YAMLParser y && y.isCurrentAlias()) {
                errors.add(StudyError.at(fileName, path, locationOf(p),
                        "YAML aliases (*" + p.getText() + ") are not supported; write the value out"));
                return NODES.nullNode();
            }
            return switch (token) {
                case START_OBJECT -> readObject(p, path);
                case START_ARRAY -> readArray(p, path);
                case VALUE_STRING -> NODES.textNode(p.getText());
                case VALUE_TRUE -> NODES.booleanNode(true);
                case VALUE_FALSE -> NODES.booleanNode(false);
                case VALUE_NULL -> NODES.nullNode();
                case VALUE_NUMBER_INT -> readInteger(p);
                case VALUE_NUMBER_FLOAT -> readFloat(p);
                default -> NODES.textNode(p.getText());
            };
        }

        private ObjectNode readObject(JsonParser p, String path) throws IOException {
            ObjectNode node = NODES.objectNode();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                String childPath = KeyPaths.child(path, key);
                SourceLocation at = locationOf(p);
                currentPath = childPath;
                lastKey = childPath;
                p.nextToken();
                if (node.has(key)) {
                    SourceLocation first = locations.get(childPath);
                    errors.add(StudyError.at(fileName, childPath, at, "duplicate key"
                            + (first == null ? "" : " (first defined on line " + first.line() + ")")));
                    readValue(p, childPath + "#duplicate");
                    continue;
                }
                locations.put(childPath, at);
                node.set(key, readValue(p, childPath));
                currentPath = path;
            }
            currentPath = path;
            return node;
        }

        private ArrayNode readArray(JsonParser p, String path) throws IOException {
            ArrayNode node = NODES.arrayNode();
            int i = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                String childPath = KeyPaths.index(path, i++);
                locations.put(childPath, locationOf(p));
                node.add(readValue(p, childPath));
                currentPath = path;
            }
            currentPath = path;
            return node;
        }

        private JsonNode readInteger(JsonParser p) throws IOException {
            return switch (p.getNumberType()) {
                case BIG_INTEGER -> NODES.numberNode(p.getBigIntegerValue());
                default -> NODES.numberNode(p.getLongValue());
            };
        }

        private JsonNode readFloat(JsonParser p) throws IOException {
            try {
                return NODES.numberNode(p.getDoubleValue());
            } catch (JsonProcessingException | NumberFormatException e) {
                // YAML's .inf / -.inf / .nan: keep them so the binder reports "must be a finite number"
                String text = p.getText().strip().toLowerCase(java.util.Locale.ROOT);
                if (text.contains("nan")) {
                    return NODES.numberNode(Double.NaN);
                }
                return NODES.numberNode(text.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
            }
        }
    }
}
