package io.joulebench.app.fx;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;

/** Finds text a control cut short: a Labeled whose rendered text differs from its text (it ends in "…"). */
public final class Clipping {

    private Clipping() {
    }

    /** "text as set → text as shown" for every visible Labeled under {@code root} that shows less than its text. */
    public static List<String> ellipsized(Parent root) {
        List<String> cut = new ArrayList<>();
        visit(root, cut);
        return cut;
    }

    private static void visit(Node node, List<String> cut) {
        if (!node.isVisible()) {
            return;
        }
        // A label cut to one line on purpose, with its whole text in its tooltip, is not "cut short".
        boolean wholeInTooltip = node instanceof Labeled l0 && l0.getTooltip() != null
                && java.util.Objects.equals(l0.getTooltip().getText(), l0.getText());
        if (node instanceof Labeled l && !wholeInTooltip && l.getText() != null && !l.getText().isEmpty()) {
            for (Node child : l.getChildrenUnmodifiable()) {
                // JavaFX cuts with its ellipsis string, "..." unless CSS says otherwise: looking for "…" found nothing
                String ellipsis = l.getEllipsisString() == null || l.getEllipsisString().isEmpty() ? "…"
                        : l.getEllipsisString();
                if (child instanceof Text t && !t.getText().equals(l.getText()) && t.getText().contains(ellipsis)
                        && !l.getText().contains(ellipsis)) {
                    cut.add(l.getText() + " → " + t.getText());
                }
            }
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                visit(child, cut);
            }
        }
    }
}
