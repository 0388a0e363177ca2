package io.joulebench.core.results;

import io.joulebench.core.csv.CsvReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Test helper: a CSV file's data rows as maps from header name to cell. */
final class Csv {

    private Csv() {
    }

    static List<Map<String, String>> rows(Path file) throws IOException {
        return CsvReader.rowsOf(file);
    }
}
