package io.joulebench.core.results;

import io.joulebench.core.csv.CsvReader;
import io.joulebench.core.study.DisplayNumber;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.window.ReplayFidelity;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The fidelity of each trace level of a results folder, read back from its files: every window's bundle
 * {@code requests.csv}, its completed requests that were issued in the window, folded by the one owner
 * ({@link ReplayFidelity}) as the run folded them live. Levels whose requests asked no length are left out.
 */
public final class LevelFidelities {

    /** One level's fidelity: where it is in windows.csv ({@code session_id}, {@code level_index}, {@code cycle}). */
    public record Level(String sessionId, int levelIndex, int cycle, ReplayFidelity fidelity) {

        /** The line shown for the level: "level 2 (cycle 1): fidelity: input 1.00× of trace, …". */
        public String line() {
            return "level " + DisplayNumber.of(levelIndex) + " (cycle " + cycle + "): " + fidelity.summary();
        }
    }

    private LevelFidelities() {
    }

    /** Each trace level of the windows, in windows.csv's order; bundles without a requests.csv count as nothing. */
    public static List<Level> read(Path resultsDir, WindowsCsvTable table) throws IOException {
        Map<String, Level> levels = new LinkedHashMap<>();
        for (WindowRow row : table.rows()) {
            String id = row.experimentId();
            Path file = resultsDir.resolve(id == null ? "" : id).resolve(BundleWriter.REQUESTS);
            ReplayFidelity window = Reconciler.isWindowId(id) && Files.isRegularFile(file) ? ofRequests(file)
                    : ReplayFidelity.EMPTY;
            String key = row.raw(WindowsCsvColumns.SESSION_ID) + "/" + row.levelIndex() + "/" + row.cycle();
            Level before = levels.get(key);
            ReplayFidelity sum = before == null ? window : before.fidelity().plus(window);
            levels.put(key, new Level(row.raw(WindowsCsvColumns.SESSION_ID), row.levelIndex(), row.cycle(), sum));
        }
        return levels.values().stream().filter(l -> l.fidelity().asked()).toList();
    }

    /** The fidelity of one window's requests.csv: its completed requests issued in the window. */
    static ReplayFidelity ofRequests(Path file) throws IOException {
        ReplayFidelity sum = ReplayFidelity.EMPTY;
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            CsvReader reader = new CsvReader(in);
            List<String> header = reader.readRecord();
            if (header == null) {
                return sum;
            }
            List<String> record;
            while ((record = reader.readRecord()) != null) {
                List<String> r = new ArrayList<>(record);
                Function<String, String> cell = name -> {
                    int i = header.indexOf(name);
                    return i < 0 || i >= r.size() || r.get(i).isEmpty() ? null : r.get(i);
                };
                if (!"true".equals(cell.apply("in_measurement_window"))) {
                    continue;
                }
                Integer completion = integer(cell.apply("server_completion_tokens"));
                Integer client = integer(cell.apply("client_output_tokens"));
                sum = sum.plus(ReplayFidelity.of(RequestStatus.OK.label().equals(cell.apply("status")),
                        integer(cell.apply("requested_input_tokens")), integer(cell.apply("requested_output_tokens")),
                        integer(cell.apply("shared_prefix_tokens")), integer(cell.apply("server_prompt_tokens")),
                        completion != null ? completion : client == null ? 0 : client,
                        integer(cell.apply("server_cached_tokens"))));
            }
        }
        return sum;
    }

    private static Integer integer(String cell) {
        return cell == null ? null : Integer.valueOf(cell);
    }
}
