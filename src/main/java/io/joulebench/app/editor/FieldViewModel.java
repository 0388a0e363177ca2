package io.joulebench.app.editor;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** One form field's shown text and the validation message next to it (empty when fine). */
public final class FieldViewModel {

    private final FormField field;
    private final StringProperty value = new SimpleStringProperty("");
    private final StringProperty error = new SimpleStringProperty("");
    private final StringProperty note = new SimpleStringProperty("");

    FieldViewModel(FormField field) {
        this.field = field;
    }

    public FormField field() {
        return field;
    }

    public String key() {
        return field.key();
    }

    /** The text shown; the view commits edits through {@link StudyFormViewModel#edit}. */
    public ReadOnlyStringProperty valueProperty() {
        return value;
    }

    public ReadOnlyStringProperty errorProperty() {
        return error;
    }

    void setValue(String text) {
        value.set(text);
    }

    /** What the field's value means in this study beyond its own text (empty when nothing needs saying). */
    public ReadOnlyStringProperty noteProperty() {
        return note;
    }

    void setNote(String text) {
        note.set(text == null ? "" : text);
    }

    void setError(String message) {
        error.set(message == null ? "" : message);
    }
}
