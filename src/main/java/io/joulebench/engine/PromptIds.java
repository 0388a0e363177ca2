package io.joulebench.engine;

import java.util.Arrays;

/**
 * The token ids of a prompt as the engine counts it, gathered for the prefix cache. A chat prompt is its template:
 * per message, {@link #MESSAGE_START}, the role's ids, the content's ids, {@link #MESSAGE_END}; then
 * {@link #ASSISTANT_TURN} — role + content + 2 per message, plus 1.
 */
final class PromptIds {

    static final int MESSAGE_START = 1;
    static final int MESSAGE_END = 2;
    static final int ASSISTANT_TURN = 3;

    private int[] ids = new int[64];
    private int size;

    void add(int id) {
        if (size == ids.length) {
            ids = Arrays.copyOf(ids, size * 2);
        }
        ids[size++] = id;
    }

    void addText(CharSequence text) {
        Tokenizer.split(text, (t, s, e) -> add(Tokenizer.id(t, s, e)));
    }

    int size() {
        return size;
    }

    int[] toArray() {
        return Arrays.copyOf(ids, size);
    }
}
