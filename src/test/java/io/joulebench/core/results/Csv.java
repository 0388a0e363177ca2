package io.joulebench.core.results;

import io.joulebench.core.csv.CsvReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Test helper: a CSV file's data rows as maps from header name to cell. */
final class Csv {

    private Csv() {
    }

    static List<Map<String, String>> rows(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            List<List<String>> records = new CsvReader(in).readAll();
            List<Map<String, String>> rows = new ArrayList<>();
            for (List<String> r : records.subList(1, records.size())) {
                Map<String, String> m = new LinkedHashMap<>();
                for (int i = 0; i < r.size(); i++) {
                    m.put(records.getFirst().get(i), r.get(i));
                }
                rows.add(m);
            }
            return rows;
        }
    }
}
