package io.joulebench.core.csv;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads RFC 4180 CSV: quoted cells may hold commas, doubled quotes and line breaks; CRLF or LF line ends; a final
 * line end is optional. Cells come back exactly as written (a neutralising {@code '} prefix is left in place).
 */
public final class CsvReader {

    private final Reader in;
    private int lineNumber = 1;

    public CsvReader(Reader in) {
        this.in = in.markSupported() ? in : new BufferedReader(in);
    }

    /** Reads every record. */
    public List<List<String>> readAll() throws IOException {
        List<List<String>> rows = new ArrayList<>();
        List<String> row;
        while ((row = readRecord()) != null) {
            rows.add(row);
        }
        return rows;
    }

    /**
     * A UTF-8 CSV file's data rows as maps from its header's names to the cells at the same positions (missing
     * trailing cells read as empty), in file order; empty for a file with only a header or nothing.
     */
    public static List<java.util.Map<String, String>> rowsOf(java.nio.file.Path file) throws IOException {
        List<List<String>> all;
        try (Reader reader = java.nio.file.Files.newBufferedReader(file, java.nio.charset.StandardCharsets.UTF_8)) {
            all = new CsvReader(reader).readAll();
        }
        List<java.util.Map<String, String>> rows = new ArrayList<>();
        for (List<String> cells : all.subList(Math.min(1, all.size()), all.size())) {
            java.util.Map<String, String> row = new java.util.LinkedHashMap<>();
            for (int i = 0; i < all.getFirst().size(); i++) {
                row.put(all.getFirst().get(i), i < cells.size() ? cells.get(i) : "");
            }
            rows.add(row);
        }
        return rows;
    }

    /** The next record, or null at the end of input. A blank line is skipped. */
    public List<String> readRecord() throws IOException {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        boolean sawAnything = false;
        int c;
        while ((c = in.read()) != -1) {
            sawAnything = true;
            if (quoted) {
                if (c == '"') {
                    in.mark(1);
                    int next = in.read();
                    if (next == '"') {
                        cell.append('"');
                    } else {
                        quoted = false;
                        if (next == -1) {
                            break;
                        }
                        c = next;
                        // fall through to the unquoted handling of the character after the closing quote
                        if (handleUnquoted(c, cells, cell)) {
                            return finish(cells, cell);
                        }
                    }
                } else {
                    if (c == '\n') {
                        lineNumber++;
                    }
                    cell.append((char) c);
                }
            } else if (c == '"' && cell.isEmpty()) {
                quoted = true;
            } else if (handleUnquoted(c, cells, cell)) {
                if (cells.isEmpty() && cell.isEmpty()) {
                    sawAnything = false;
                    continue; // blank line
                }
                return finish(cells, cell);
            }
        }
        if (quoted) {
            throw new IOException("CSV line " + lineNumber + ": a quoted cell is not closed before the end of input");
        }
        if (!sawAnything) {
            return null;
        }
        return finish(cells, cell);
    }

    /** Handles one character outside quotes; true at the end of a record. */
    private boolean handleUnquoted(int c, List<String> cells, StringBuilder cell) throws IOException {
        if (c == ',') {
            cells.add(cell.toString());
            cell.setLength(0);
            return false;
        }
        if (c == '\r') {
            in.mark(1);
            if (in.read() != '\n') {
                in.reset();
            }
            lineNumber++;
            return true;
        }
        if (c == '\n') {
            lineNumber++;
            return true;
        }
        cell.append((char) c);
        return false;
    }

    private static List<String> finish(List<String> cells, StringBuilder cell) {
        cells.add(cell.toString());
        return cells;
    }
}
