package io.joulebench.engine;

/**
 * The engine's deterministic token count: a run of letters and digits counts one token per started
 * {@value #WORD_PIECE} characters, every other non-whitespace character counts one token, whitespace counts nothing.
 * "Hello, world!" is 4 tokens; "internationalization" (20 letters) is 3.
 */
public final class Tokenizer {

    public static final int WORD_PIECE = 8;

    private Tokenizer() {
    }

    public static int count(CharSequence text) {
        int tokens = 0;
        int run = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                run++;
                continue;
            }
            tokens += pieces(run);
            run = 0;
            if (!Character.isWhitespace(c) && !Character.isLowSurrogate(c)) {
                tokens++;
            }
        }
        return tokens + pieces(run);
    }

    private static int pieces(int run) {
        return (run + WORD_PIECE - 1) / WORD_PIECE;
    }
}
