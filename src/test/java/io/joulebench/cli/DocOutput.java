package io.joulebench.cli;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Matches a command's output against what docs/cli.md shows for it. A documented line matches one output line, with
 * {@code …} standing for any text and {@code …/} for any leading folders (or none); a documented line of only
 * {@code …} stands for any number of lines. The whole output must be covered.
 */
final class DocOutput {

    private static final String ANY_LINES = "…";

    private DocOutput() {
    }

    static boolean matches(List<String> documented, List<String> actual) {
        return matchFrom(documented, 0, actual, 0);
    }

    private static boolean matchFrom(List<String> doc, int d, List<String> out, int o) {
        if (d == doc.size()) {
            return o == out.size();
        }
        if (doc.get(d).strip().equals(ANY_LINES)) {
            for (int skip = o; skip <= out.size(); skip++) {
                if (matchFrom(doc, d + 1, out, skip)) {
                    return true;
                }
            }
            return false;
        }
        return o < out.size() && line(doc.get(d)).matcher(out.get(o)).matches() && matchFrom(doc, d + 1, out, o + 1);
    }

    /** One documented line as a pattern: literal text, {@code …/} = optional folders, {@code …} = anything. */
    static Pattern line(String documented) {
        StringBuilder regex = new StringBuilder();
        String[] parts = documented.stripTrailing().split("…", -1);
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i];
            if (i > 0) {
                if (part.startsWith("/")) {
                    regex.append("(?:.*/)?");
                    part = part.substring(1);
                } else {
                    regex.append(".*");
                }
            }
            regex.append(Pattern.quote(part));
        }
        return Pattern.compile(regex + "\\s*");
    }
}
