package io.joulebench.engine;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The pieces behind the ids one engine has handed out, so that {@code /detokenize} can give back the text that
 * {@code /tokenize} was given. Ids are {@link Tokenizer}'s hashes, the same in every engine; only their text needs
 * remembering, up to {@value #MAX_PIECES} pieces (past that, new pieces still tokenize but do not detokenize). Two
 * pieces whose ids collide detokenize as the first one seen.
 */
final class Vocabulary {

    static final int MAX_PIECES = 1 << 20;

    private final Map<Integer, String> pieces = new ConcurrentHashMap<>();

    /** The text's ids, remembering each piece. */
    int[] tokenize(String text) {
        int[] out = new int[Tokenizer.count(text)];
        int[] i = new int[1];
        Tokenizer.split(text, (t, s, e) -> {
            int id = Tokenizer.id(t, s, e);
            if (pieces.size() < MAX_PIECES) {
                pieces.putIfAbsent(id, text.substring(s, e));
            }
            out[i[0]++] = id;
        });
        return out;
    }

    /** The piece of one id. */
    String piece(int id) {
        return pieces.get(id);
    }

    /**
     * The text of {@code ids}, their pieces joined.
     *
     * @throws ApiError 400 naming the first id this engine never tokenized
     */
    String detokenize(int[] ids) {
        StringBuilder b = new StringBuilder(ids.length * 6);
        for (int id : ids) {
            String p = pieces.get(id);
            if (p == null) {
                throw new ApiError(400, "unknown token id " + id
                        + " (this engine detokenizes only ids its /tokenize gave out)", "tokens");
            }
            b.append(p);
        }
        return b.toString();
    }
}
