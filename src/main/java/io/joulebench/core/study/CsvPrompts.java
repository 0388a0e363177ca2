package io.joulebench.core.study;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** RFC 4180 CSV prompt files: a header row naming a {@code prompt} (or {@code text}) column. */
final class CsvPrompts {

    private CsvPrompts() {
    }

    static List<Prompt> parse(String name, String text) throws PromptDatasetException {
        List<PromptDatasetException.Problem> problems = new ArrayList<>();
        List<Row> rows = records(name, text);
        if (rows.isEmpty()) {
            throw new PromptDatasetException(name, 0, "holds no header row");
        }
        List<String> header = rows.get(0).fields();
        int promptColumn = indexOf(header, "prompt");
        if (promptColumn < 0) {
            promptColumn = indexOf(header, "text");
        }
        if (promptColumn < 0) {
            throw new PromptDatasetException(name, rows.get(0).line(), "the header has no 'prompt' (or 'text') column");
        }
        int categoryColumn = indexOf(header, "category");
        List<Prompt> out = new ArrayList<>();
        for (Row row : rows.subList(1, rows.size())) {
            List<String> f = row.fields();
            if (f.size() == 1 && f.get(0).isBlank()) {
                continue;
            }
            if (f.size() != header.size()) {
                problems.add(new PromptDatasetException.Problem(row.line(),
                        "has " + f.size() + " fields but the header has " + header.size()));
            } else if (f.get(promptColumn).isBlank()) {
                problems.add(new PromptDatasetException.Problem(row.line(), "has an empty prompt"));
            } else {
                out.add(new Prompt(f.get(promptColumn), categoryColumn < 0 ? "" : f.get(categoryColumn)));
            }
        }
        return PromptDataset.checked(name, out, problems);
    }

    private record Row(int line, List<String> fields) {
    }

    private static int indexOf(List<String> header, String column) {
        for (int i = 0; i < header.size(); i++) {
            if (header.get(i).strip().toLowerCase(Locale.ROOT).equals(column)) {
                return i;
            }
        }
        return -1;
    }

    private static List<Row> records(String name, String text) throws PromptDatasetException {
        List<Row> rows = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        int line = 1;
        int rowStart = 1;
        int quoteStart = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    if (c == '\n') {
                        line++;
                    }
                    field.append(c);
                }
            } else if (c == '"' && field.isEmpty()) {
                quoted = true;
                quoteStart = line;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                fields.add(field.toString());
                field.setLength(0);
                rows.add(new Row(rowStart, List.copyOf(fields)));
                fields.clear();
                line++;
                rowStart = line;
            } else {
                field.append(c);
            }
        }
        if (quoted) {
            throw new PromptDatasetException(name, quoteStart, "a quoted field is never closed");
        }
        if (!field.isEmpty() || !fields.isEmpty()) {
            fields.add(field.toString());
            rows.add(new Row(rowStart, List.copyOf(fields)));
        }
        return rows;
    }
}
