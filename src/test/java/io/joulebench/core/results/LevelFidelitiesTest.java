package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.csv.CsvWriter;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.traffic.RequestWorkload;
import io.joulebench.core.window.ReplayFidelity;
import io.joulebench.core.window.RequestColumns;
import io.joulebench.core.window.RequestLogRow;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The results browser's fidelity: read back from the folder's files, folded by the owner the run used live. */
class LevelFidelitiesTest {

    @TempDir
    Path dir;

    private static RequestRecord request(int i, RequestStatus status, Integer askedIn, Integer prompt, Integer askedOut,
                                         int delivered, Integer shared, Integer cached) {
        CompletionResult c = new CompletionResult("", new long[delivered], prompt, delivered, "length", null, null,
                null, cached);
        return new RequestRecord(i, 0, 0L, 1L, status, status == RequestStatus.OK ? null : "boom", c, null,
                new RequestWorkload(askedIn, askedOut, shared));
    }

    private void bundle(String id, List<RequestLogRow> rows) throws Exception {
        StringBuilder csv = new StringBuilder(RequestColumns.TABLE.headerLine()).append("\r\n");
        rows.forEach(r -> csv.append(RequestColumns.TABLE.csvLine(r)).append("\r\n"));
        Files.createDirectories(dir.resolve(id));
        Files.writeString(dir.resolve(id).resolve("requests.csv"), csv);
    }

    private WindowsCsvTable windows(List<String> ids, List<Integer> levels) throws Exception {
        StringWriter out = new StringWriter();
        CsvWriter csv = new CsvWriter(out, WindowsCsvColumns::kind);
        csv.writeHeader(WindowsCsvColumns.ALL);
        for (int i = 0; i < ids.size(); i++) {
            List<Object> values = new ArrayList<>();
            for (String column : WindowsCsvColumns.ALL) {
                values.add(switch (column) {
                    case "experiment_id" -> ids.get(i);
                    case "session_id" -> "s1";
                    case "level_index" -> levels.get(i);
                    case "cycle" -> 1;
                    default -> null;
                });
            }
            csv.writeRow(values);
        }
        csv.flush();
        return WindowsCsvTable.read(new java.io.StringReader(out.toString()));
    }

    @Test
    void a_trace_levels_fidelity_from_its_request_logs_equals_the_live_sums() throws Exception {
        String hash = "0123456789abcdef";
        String w0 = "server-" + hash + "-c1-L0-W0";
        String w1 = "server-" + hash + "-c1-L0-W1";
        String plain = "server-" + hash + "-c1-L1-W0";
        RequestRecord a = request(0, RequestStatus.OK, 1000, 1001, 10, 10, 300, 280);
        RequestRecord b = request(1, RequestStatus.OK, 500, 470, 20, 19, 0, 0);
        RequestRecord ramp = request(2, RequestStatus.OK, 900, 900, 9, 9, 0, 0);
        RequestRecord failed = request(3, RequestStatus.ERROR, 800, null, 8, 0, 0, null);
        bundle(w0, List.of(new RequestLogRow(a, 0, 0, true, false, false),
                new RequestLogRow(ramp, 0, 0, false, true, false)));
        bundle(w1, List.of(new RequestLogRow(b, 0, 1, true, false, false),
                new RequestLogRow(failed, 0, 1, true, false, false)));
        bundle(plain, List.of(new RequestLogRow(request(4, RequestStatus.OK, null, 40, null, 8, null, null),
                1, 0, true, false, false)));

        List<LevelFidelities.Level> levels = LevelFidelities.read(dir, windows(List.of(w0, w1, plain),
                List.of(0, 0, 1)));

        assertThat(levels).as("the dataset level asked no lengths").hasSize(1);
        ReplayFidelity live = ReplayFidelity.of(a).plus(ReplayFidelity.of(b));
        assertThat(levels.get(0).fidelity()).isEqualTo(live);
        assertThat(levels.get(0).line()).isEqualTo("level 1 (cycle 1): " + live.summary())
                .contains("input 0.98× requested", "output 0.97× requested");
    }
}
