package io.joulebench.core.traffic;

/**
 * Reads the common case of an OpenAI stream chunk at byte level, without building a tree or allocating (issue 34): a
 * JSON object whose first choice carries a text delta ({@code text} for completions, {@code delta.content} for chat)
 * and no finish reason, with no {@code usage} and no {@code error}, optionally a top-level {@code t_send_ns}. The
 * whole chunk is checked against JSON's grammar on the way. Anything else (a finish reason, usage, an error, an
 * escape in the text when the text is kept, a duplicate key, any doubt) answers false and the caller reads the chunk
 * with Jackson, which owns every error message; so this scanner only ever speeds up what Jackson would accept.
 * Not thread-safe: one per parser.
 */
final class TokenChunkScanner {

    /** The raw bytes of the delta's text, without its quotes; {@code textStart < 0} when the chunk has none. */
    int textStart;
    int textEnd;
    /** Whether the text has a backslash escape (its raw bytes are then not its characters). */
    boolean textEscaped;
    /** The chunk's {@code t_send_ns}, or {@link CompletionResult#NO_SEND_TIME}. */
    long sendNs;

    private byte[] b;
    private int p;
    private int end;

    /** Scans {@code bytes[from, to)}; true when it is a plain token chunk (fields above set), false to use Jackson. */
    boolean scan(byte[] bytes, int from, int to, boolean chat) {
        b = bytes;
        p = from;
        end = to;
        textStart = -1;
        textEnd = -1;
        textEscaped = false;
        sendNs = CompletionResult.NO_SEND_TIME;
        try {
            return object(chat) && atEnd();
        } finally {
            b = null;
        }
    }

    private boolean object(boolean chat) {
        if (!take('{')) {
            return false;
        }
        boolean choices = false;
        boolean sent = false;
        boolean usage = false;
        boolean error = false;
        if (take('}')) {
            return false; // no choices: Jackson's message
        }
        do {
            if (!member()) {
                return false;
            }
            if (key("choices")) {
                if (choices || !choices(chat)) {
                    return false;
                }
                choices = true;
            } else if (key("t_send_ns")) {
                if (sent || !sendTime()) {
                    return false;
                }
                sent = true;
            } else if (key("usage") || key("error")) {
                boolean isUsage = b[keyStart] == 'u';
                if ((isUsage ? usage : error) || !literal("null")) {
                    return false;
                }
                if (isUsage) {
                    usage = true;
                } else {
                    error = true;
                }
            } else if (!value()) {
                return false;
            }
        } while (take(','));
        return take('}') && choices;
    }

    /** {@code [ choice, … ]} with at least one choice; the first is read, the others checked and skipped. */
    private boolean choices(boolean chat) {
        if (!take('[') || peek() == ']') {
            return false;
        }
        if (!choice(chat)) {
            return false;
        }
        while (take(',')) {
            if (!value()) {
                return false;
            }
        }
        return take(']');
    }

    private boolean choice(boolean chat) {
        if (!take('{')) {
            return false;
        }
        boolean text = false;
        boolean finish = false;
        if (take('}')) {
            return false;
        }
        do {
            if (!member()) {
                return false;
            }
            if (key("finish_reason")) {
                if (finish || !literal("null")) {
                    return false; // a finish reason: once per request, Jackson reads it
                }
                finish = true;
            } else if (key(chat ? "delta" : "text")) {
                if (text || !(chat ? delta() : text())) {
                    return false;
                }
                text = true;
            } else if (!value()) {
                return false;
            }
        } while (take(','));
        return take('}') && text;
    }

    /** Chat's {@code delta}: an object whose {@code content} is a string, null or absent. */
    private boolean delta() {
        if (!take('{')) {
            return false;
        }
        if (take('}')) {
            return true;
        }
        boolean content = false;
        do {
            if (!member()) {
                return false;
            }
            if (key("content")) {
                if (content || !text()) {
                    return false;
                }
                content = true;
            } else if (!value()) {
                return false;
            }
        } while (take(','));
        return take('}');
    }

    /** A text delta: a string (its raw range kept) or null. */
    private boolean text() {
        skipSpace();
        if (p < end && b[p] == 'n') {
            return literal("null");
        }
        int start = p + 1;
        boolean escaped = string();
        textStart = start;
        textEnd = p - 1;
        textEscaped = sawEscape;
        return escaped;
    }

    /** {@code t_send_ns}: an integer of up to 18 digits is kept; any other value stands for none. */
    private boolean sendTime() {
        skipSpace();
        if (p < end && (b[p] == '-' || (b[p] >= '0' && b[p] <= '9'))) {
            int start = p;
            if (!number()) {
                return false;
            }
            boolean negative = b[start] == '-';
            int digits = p - start - (negative ? 1 : 0);
            long v = 0;
            for (int i = negative ? start + 1 : start; i < p; i++) {
                if (b[i] < '0' || b[i] > '9') {
                    return true; // a fraction or exponent: not an integer, no send time (as Jackson's path)
                }
                v = v * 10 + (b[i] - '0');
            }
            if (digits > 18) {
                return false;
            }
            sendNs = negative ? -v : v;
            return true;
        }
        return value();
    }

    private boolean sawEscape;
    /** The raw range of the last member's key (after its opening quote, before its closing one). */
    private int keyStart;
    private int keyEnd;

    /** A JSON string at p (after spaces); p ends after its closing quote. */
    private boolean string() {
        skipSpace();
        sawEscape = false;
        if (p >= end || b[p] != '"') {
            return false;
        }
        p++;
        while (p < end) {
            int c = b[p] & 0xff;
            if (c == '"') {
                p++;
                return true;
            }
            if (c < 0x20) {
                return false;
            }
            if (c == '\\') {
                sawEscape = true;
                if (p + 1 >= end) {
                    return false;
                }
                byte e = b[p + 1];
                if (e == 'u') {
                    if (p + 5 >= end) {
                        return false;
                    }
                    for (int i = p + 2; i < p + 6; i++) {
                        if (Character.digit(b[i], 16) < 0) {
                            return false;
                        }
                    }
                    p += 6;
                    continue;
                }
                if ("\"\\/bfnrt".indexOf(e) < 0) {
                    return false;
                }
                p += 2;
                continue;
            }
            p++;
        }
        return false;
    }

    /** Any JSON value, checked and skipped. */
    private boolean value() {
        skipSpace();
        if (p >= end) {
            return false;
        }
        return switch (b[p]) {
            case '"' -> string();
            case '{' -> container('{', '}', true);
            case '[' -> container('[', ']', false);
            case 't' -> literal("true");
            case 'f' -> literal("false");
            case 'n' -> literal("null");
            default -> number();
        };
    }

    private int depth;

    private boolean container(char open, char close, boolean keyed) {
        if (++depth > 64) {
            depth--;
            return false; // deep nesting: let Jackson judge it
        }
        try {
            take(open);
            if (take(close)) {
                return true;
            }
            do {
                if (keyed && !(string() && take(':'))) {
                    return false;
                }
                if (!value()) {
                    return false;
                }
            } while (take(','));
            return take(close);
        } finally {
            depth--;
        }
    }

    /** JSON's number grammar: {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}. */
    private boolean number() {
        skipSpace();
        if (p < end && b[p] == '-') {
            p++;
        }
        if (p >= end || b[p] < '0' || b[p] > '9') {
            return false;
        }
        if (b[p] == '0') {
            p++;
        } else {
            p = digits(p);
        }
        if (p < end && b[p] == '.') {
            int after = digits(p + 1);
            if (after == p + 1) {
                return false;
            }
            p = after;
        }
        if (p < end && (b[p] == 'e' || b[p] == 'E')) {
            p++;
            if (p < end && (b[p] == '+' || b[p] == '-')) {
                p++;
            }
            int after = digits(p);
            if (after == p) {
                return false;
            }
            p = after;
        }
        return p >= end || !Character.isLetterOrDigit(b[p]);
    }

    private int digits(int from) {
        int i = from;
        while (i < end && b[i] >= '0' && b[i] <= '9') {
            i++;
        }
        return i;
    }

    private boolean literal(String word) {
        skipSpace();
        if (end - p < word.length()) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            if (b[p + i] != word.charAt(i)) {
                return false;
            }
        }
        p += word.length();
        return p >= end || !Character.isLetterOrDigit(b[p]);
    }

    /**
     * An object member's {@code "key":} at p; its raw range is kept for {@link #key(String)} until the next member.
     * False for an escaped key: Jackson decodes it, this scanner does not.
     */
    private boolean member() {
        skipSpace();
        keyStart = p + 1;
        if (!string()) {
            return false;
        }
        keyEnd = p - 1;
        return !sawEscape && take(':');
    }

    /** Whether the last member's key is {@code name}. */
    private boolean key(String name) {
        if (keyEnd - keyStart != name.length()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (b[keyStart + i] != name.charAt(i)) {
                return false; // an escaped key never matches: Jackson would decode it, so the chunk is not plain
            }
        }
        return true;
    }

    private boolean take(char c) {
        skipSpace();
        if (p < end && b[p] == c) {
            p++;
            return true;
        }
        return false;
    }

    private int peek() {
        skipSpace();
        return p < end ? b[p] : -1;
    }

    private boolean atEnd() {
        skipSpace();
        return p == end;
    }

    private void skipSpace() {
        while (p < end && (b[p] == ' ' || b[p] == '\t' || b[p] == '\n' || b[p] == '\r')) {
            p++;
        }
    }
}
