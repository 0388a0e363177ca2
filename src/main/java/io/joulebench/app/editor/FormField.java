package io.joulebench.app.editor;

import java.util.List;

/**
 * One field of the study form: where it lives in the study tree and how its text maps to a YAML value.
 * {@code path} may hold {@code {engine}}, replaced by the study's engine ({@code runners.{engine}}).
 *
 * @param key     stable id, used by views ({@code #field-<key>}) and tests
 * @param choices     for {@link Kind#CHOICE}: the allowed values; for {@link Kind#COMBO} suggestions, free text allowed
 * @param defaultText what the loader assumes when the key is absent, shown as the empty field's prompt ("" if none)
 */
public record FormField(String key, String section, String label, String path, Kind kind, List<String> choices,
        String help, String defaultText) {

    /** How the text of a field is written into the tree. */
    public enum Kind {
        /** A string. */
        TEXT,
        /** A whole number (text that is not one is written as given, so the validator names the problem). */
        INT,
        /** A number. */
        NUMBER,
        /** One of {@code choices}. */
        CHOICE,
        /** Free text with suggestions. */
        COMBO,
        /** Words separated by spaces, written as a list of strings. */
        WORDS,
        /** A boolean. */
        BOOL,
        /** The gamma shape k = 1/CV², stored as the CV in {@code path}. */
        GAMMA_SHAPE,
        /** A map from rate to a number, written {@code 16: 20, 28: 8} ({@code window_seconds_by_rate}). */
        RATE_MAP
    }

    public FormField {
        choices = List.copyOf(choices);
        defaultText = defaultText == null ? "" : defaultText;
    }

    /** The same field with the loader's default for an absent key. */
    public FormField withDefault(String text) {
        return new FormField(key, section, label, path, kind, choices, help, text);
    }

    /** The tree path for a study whose engine is {@code engine}. */
    public String pathFor(String engine) {
        return path.replace("{engine}", engine);
    }
}
