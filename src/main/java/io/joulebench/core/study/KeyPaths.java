package io.joulebench.core.study;

import java.util.ArrayList;
import java.util.List;

/** Dotted key paths as shown to users: {@code server.traffic.rate}, {@code experiments[1].engine}. */
final class KeyPaths {

    private KeyPaths() {
    }

    static String child(String parent, String key) {
        return parent.isEmpty() ? key : parent + "." + key;
    }

    static String index(String parent, int index) {
        return parent + "[" + index + "]";
    }

    /** The dotted segments of a path without list indices ({@code a.b[2].c} → a, b, c). */
    static List<String> segments(String path) {
        List<String> out = new ArrayList<>();
        for (String s : path.replaceAll("\\[\\d+]", "").split("\\.")) {
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
    }

    /** The enclosing path: {@code a.b[2]} → {@code a.b}, {@code a.b} → {@code a}, {@code a} → "". */
    static String parent(String path) {
        int bracket = path.lastIndexOf('[');
        int dot = path.lastIndexOf('.');
        int cut = Math.max(bracket, dot);
        return cut < 0 ? "" : path.substring(0, cut);
    }

    /** Whether {@code path} is {@code prefix} or lies below it. */
    static boolean isWithin(String path, String prefix) {
        if (prefix.isEmpty() || path.equals(prefix)) {
            return true;
        }
        return path.startsWith(prefix) && (path.charAt(prefix.length()) == '.' || path.charAt(prefix.length()) == '[');
    }
}
