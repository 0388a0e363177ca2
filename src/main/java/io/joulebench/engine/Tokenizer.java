package io.joulebench.engine;

/**
 * The engine's deterministic tokenizer (simulated, no real model's vocabulary). A run of letters and digits is one
 * token per started {@value #WORD_PIECE} characters, every other non-whitespace character (a surrogate pair counts
 * once) is one token, whitespace counts nothing: "Hello, world!" is 4 tokens; "internationalization" (20 letters) is
 * 3. Each token's piece carries the whitespace before it, so the pieces of a text joined give the text back, less any
 * trailing whitespace. A piece's id is a hash of its characters ({@link #id}), the same in every engine and run.
 */
public final class Tokenizer {

    public static final int WORD_PIECE = 8;
    /** Ids below this are never a piece's: the chat template's markers ({@link PromptIds}). */
    static final int FIRST_PIECE_ID = 16;

    /** Receives each piece as the range {@code [start, end)} of the text, in order. */
    @FunctionalInterface
    interface PieceSink {
        void piece(CharSequence text, int start, int end);
    }

    private Tokenizer() {
    }

    public static int count(CharSequence text) {
        int[] n = new int[1];
        split(text, (t, s, e) -> n[0]++);
        return n[0];
    }

    /** The ids of the text's pieces, {@link #count} of them. */
    public static int[] ids(CharSequence text) {
        int[] out = new int[count(text)];
        int[] i = new int[1];
        split(text, (t, s, e) -> out[i[0]++] = id(t, s, e));
        return out;
    }

    /** Splits {@code text} into its pieces, each with the whitespace (and stray low surrogates) before it. */
    static void split(CharSequence text, PieceSink sink) {
        int start = 0;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                int end = i;
                while (end < n && end - i < WORD_PIECE && Character.isLetterOrDigit(text.charAt(end))) {
                    end++;
                }
                sink.piece(text, start, end);
                start = end;
                i = end;
            } else if (Character.isWhitespace(c) || Character.isLowSurrogate(c)) {
                i++;
            } else {
                int end = i + 1;
                if (Character.isHighSurrogate(c) && end < n && Character.isLowSurrogate(text.charAt(end))) {
                    end++;
                }
                sink.piece(text, start, end);
                start = end;
                i = end;
            }
        }
    }

    /** The id of the piece {@code text[start, end)}: a 64-bit FNV-1a hash folded into [16, 2^31). */
    static int id(CharSequence text, int start, int end) {
        long h = 0xcbf29ce484222325L;
        for (int i = start; i < end; i++) {
            h = (h ^ text.charAt(i)) * 0x100000001b3L;
        }
        h ^= h >>> 33;
        return FIRST_PIECE_ID + (int) Math.floorMod(h, (long) Integer.MAX_VALUE - FIRST_PIECE_ID);
    }
}
