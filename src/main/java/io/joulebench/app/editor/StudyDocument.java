package io.joulebench.app.editor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The study being edited: its YAML text (exactly what Save writes) and the tree parsed from it. The YAML tab edits
 * the text, which re-parses into the tree; the form edits the tree, which is written back as the text. While the text
 * is not a YAML mapping the tree keeps its last good state and {@link #parseableProperty()} is false.
 */
public final class StudyDocument {

    private final StringProperty text = new SimpleStringProperty("");
    private final BooleanProperty parseable = new SimpleBooleanProperty(true);
    private final List<Runnable> treeListeners = new ArrayList<>();
    private ObjectNode tree = StudyYaml.NODES.objectNode();

    public StudyDocument() {
        text.addListener((o, a, b) -> {
            reparse(b);
            history();
        });
    }

    private void reparse(String yaml) {
        var parsed = StudyYaml.read(yaml);
        parseable.set(parsed.isPresent());
        parsed.ifPresent(t -> {
            tree = t;
            List.copyOf(treeListeners).forEach(Runnable::run);
        });
    }

    /**
     * Applies a change to a copy of the tree and writes it into the text where the values changed, so the user's
     * comments and layout stay ({@link YamlSplice}). Where that cannot be done (the text is not a block mapping,
     * say) the whole tree is written, keeping the comment block at the top of the text (see
     * {@link #droppedComments}).
     */
    public void edit(Consumer<ObjectNode> change) {
        ObjectNode copy = tree.deepCopy();
        change.accept(copy);
        String current = text.get();
        String next = YamlSplice.apply(current, tree, copy)
                .orElseGet(() -> headerComments(current) + StudyYaml.write(copy));
        text.set(next);
        if (!next.equals(current)) {
            undo.push(new Step(current, next));
            if (undo.size() > MAX_UNDO) {
                undo.removeLast();
            }
            redo.clear();
            history();
        }
    }

    /** Form edits kept for undo. */
    static final int MAX_UNDO = 200;

    /** One form edit: the text before and after it. */
    private record Step(String before, String after) {
    }

    private final java.util.Deque<Step> undo = new java.util.ArrayDeque<>();
    private final java.util.Deque<Step> redo = new java.util.ArrayDeque<>();
    private final BooleanProperty canUndo = new SimpleBooleanProperty(false);
    private final BooleanProperty canRedo = new SimpleBooleanProperty(false);

    /**
     * Undoes the last form edit (the YAML tab's text area has its own undo). Once the text was changed otherwise
     * (typed on the YAML tab, another study opened) the form's history no longer applies and is dropped.
     *
     * @return whether an edit was undone
     */
    public boolean undo() {
        return move(undo, redo, true);
    }

    /** Redoes the last undone form edit; see {@link #undo}. */
    public boolean redo() {
        return move(redo, undo, false);
    }

    private boolean move(java.util.Deque<Step> from, java.util.Deque<Step> to, boolean back) {
        Step step = from.peek();
        if (step == null || !(back ? step.after : step.before).equals(text.get())) {
            undo.clear();
            redo.clear();
            history();
            return false;
        }
        from.pop();
        text.set(back ? step.before : step.after);
        to.push(step);
        history();
        return true;
    }

    private void history() {
        String now = text.get();
        canUndo.set(!undo.isEmpty() && undo.peek().after.equals(now));
        canRedo.set(!redo.isEmpty() && redo.peek().before.equals(now));
    }

    /** Whether {@link #undo} has a form edit to undo (false once the text changed otherwise). */
    public ReadOnlyBooleanProperty canUndoProperty() {
        return canUndo;
    }

    public ReadOnlyBooleanProperty canRedoProperty() {
        return canRedo;
    }

    /** Whether a form edit of {@code yaml} keeps its comments (it is spliced in, not rewritten). */
    public static boolean keepsComments(String yaml) {
        var tree = StudyYaml.read(yaml);
        if (tree.isEmpty()) {
            return false;
        }
        ObjectNode changed = tree.get().deepCopy();
        changed.put("__probe__", 1);
        return YamlSplice.apply(yaml, tree.get(), changed).isPresent();
    }

    /** The comment lines (and blank lines between them) that open {@code yaml}, with their line ends. */
    static String headerComments(String yaml) {
        StringBuilder out = new StringBuilder();
        for (String line : yaml.split("\n", -1)) {
            String t = line.strip();
            if (!t.startsWith("#") && !(t.isEmpty() && out.length() > 0)) {
                break;
            }
            out.append(line).append('\n');
        }
        // Trailing blank lines of the block stay at most one.
        return out.toString().replaceAll("\n{3,}$", "\n\n");
    }

    /**
     * How many comments a form edit would drop: those below the opening comment block, whole-line or after a
     * value (a {@code #} after a space, outside quotes as far as a line can tell).
     */
    public static int droppedComments(String yaml) {
        String body = yaml.substring(Math.min(yaml.length(), headerComments(yaml).length()));
        int n = 0;
        for (String line : body.split("\n")) {
            if (line.strip().startsWith("#") || line.matches(".*\\s#.*") && !line.matches(".*['\"].*#.*['\"].*")) {
                n++;
            }
        }
        return n;
    }

    /** A read-only view of the current tree (callers must not change it; use {@link #edit}). */
    public ObjectNode tree() {
        return tree;
    }

    /** Called on every new tree, from the thread that changed the text. */
    public void onTreeChanged(Runnable listener) {
        treeListeners.add(listener);
    }

    public StringProperty textProperty() {
        return text;
    }

    public ReadOnlyBooleanProperty parseableProperty() {
        return parseable;
    }
}
