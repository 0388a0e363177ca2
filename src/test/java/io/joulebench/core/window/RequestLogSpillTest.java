package io.joulebench.core.window;

import static io.joulebench.core.window.Fixtures.ok;
import static io.joulebench.core.window.Fixtures.timeout;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.time.VirtualClock;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The level's request rows, spilled typed and read back with their attributed joules, as the bundle writer reads them. */
class RequestLogSpillTest {

    @TempDir
    Path dir;

    private Path path(int level, int window) {
        return dir.resolve("L" + level + "-W" + window + "/requests.rows");
    }

    /** The window's rows as requests.csv lines, header first (the bundle writer renders them so). */
    private List<String> lines(int level, int window) throws Exception {
        List<String> lines = new ArrayList<>(List.of(RequestColumns.TABLE.headerLine()));
        if (Files.exists(path(level, window))) { // a window without rows has no spill: a header-only file
            RequestLogSpill.read(path(level, window), row -> lines.add(RequestColumns.TABLE.csvLine(row)));
        }
        return lines;
    }

    private List<RequestLogRow> rows(int level, int window) throws Exception {
        List<RequestLogRow> rows = new ArrayList<>();
        RequestLogSpill.read(path(level, window), rows::add);
        return rows;
    }

    @Test
    void rows_carry_the_ownership_flags_of_their_window() throws Exception {
        VirtualClock clock = VirtualClock.atSeconds(1000);
        WindowSpec spec = WindowSpec.builder().rate(5).rampExclusionSeconds(30).durationSeconds(10).build();
        ScriptedSource source = ScriptedSource.returning(
                ok(0, 1020, 1031, 1030.5),             // ramp: window 0, not in window
                ok(1, 1035, 1036, 1035.5),             // in window 0
                ok(2, 1039, 1041.5, 1039.5, 1041),     // in window 0, completed in the drain of window 0
                ok(3, 1045, 1046, 1045.5),             // window 1
                ok(4, 1061, 1062, 1061.5));            // after the last span: last window, not in window
        new WindowManager(clock).runLevel(2, LevelPlan.builder(spec, source, r -> CompletionResult.EMPTY,
                new FakeBracket.Factory(clock, 100)).requestLog(RequestLogSpill.factory(this::path)).build());

        List<String> w0 = lines(2, 0);
        assertThat(w0.getFirst()).isEqualTo(RequestColumns.TABLE.headerLine());
        assertThat(w0).hasSize(4);
        assertThat(w0.get(1)).startsWith("0,1020,1020,1030.5,1031,10500,11000,1,,,ok,stop,2,0,false,true,false,");
        assertThat(w0.get(2)).contains(",2,0,true,false,false,");
        assertThat(w0.get(3)).contains(",2,0,true,false,true,").contains(",1039.5;1041,,false,");
        assertThat(lines(2, 1)).hasSize(2);
        assertThat(lines(2, 1).get(1)).startsWith("3,").contains(",2,1,true,false,false,");
        assertThat(lines(2, 2)).hasSize(2);
        assertThat(lines(2, 2).get(1)).startsWith("4,").contains(",2,2,false,false,false,");
    }

    @Test
    void a_closed_level_gives_each_row_its_attributed_energy_and_leaves_the_other_cells_as_spilled() throws Exception {
        VirtualClock clock = VirtualClock.atSeconds(1000);
        WindowSpec spec = WindowSpec.builder().rate(5).rampExclusionSeconds(30).durationSeconds(10).build();
        ScriptedSource source = ScriptedSource.returning(
                ok(0, 1020, 1031, 1030.5),             // window 0: 1 of its 3 tokens
                ok(1, 1035, 1036, 1035.5),             // window 0: 1 token
                ok(2, 1039, 1041.5, 1039.5, 1041),     // 1 token in window 0, 1 of the 2 in window 1
                ok(3, 1045, 1046, 1045.5));            // window 1: 1 token; window 2 has no request
        new WindowManager(clock).runLevel(2, LevelPlan.builder(spec, source, r -> CompletionResult.EMPTY,
                new FakeBracket.Factory(clock, 100)).requestLog(RequestLogSpill.factory(this::path)).build());

        // no baseline: each 10 s × 100 W = 1000 J window is split by tokens alone
        List<String> w0 = lines(2, 0);
        assertThat(attributed(w0.get(1))).isCloseTo(1000 / 3.0, within(1e-6));
        assertThat(attributed(w0.get(3))).isCloseTo(1000 / 3.0 + 500, within(1e-6));
        assertThat(w0.get(3)).startsWith("2,1039,1039,1039.5,1041.5,500,2500,2,,,ok,stop,2,0,true,false,true,"
                + "1039.5;1041,,false,");
        double total = 0;
        for (int w = 0; w < 3; w++) {
            for (String row : lines(2, w).subList(1, lines(2, w).size())) {
                total += attributed(row);
            }
        }
        assertThat(total).as("the two windows with requests, exactly").isCloseTo(2000, within(1e-6));
    }

    private static double attributed(String row) {
        return Double.parseDouble(row.substring(row.lastIndexOf(',') + 1));
    }

    @Test
    void an_attribution_that_cannot_be_written_leaves_the_rows_as_spilled_and_the_close_succeeds() throws Exception {
        RequestLogSpill log = new RequestLogSpill(0, 2, this::path);
        log.row(new RequestLogRow(ok(0, 1, 2, 1.5), 0, 1, true, false, false));
        // a directory where the joules would go: writing them fails, the measured rows must not
        Files.createDirectories(RequestLogSpill.joulesPath(path(0, 1)).resolve("occupied"));
        log.attributed(Map.of(0L, 12.5));
        log.close();

        assertThat(lines(0, 1)).hasSize(2);
        assertThat(lines(0, 1).get(1)).startsWith("0,1,1,1.5,2,").endsWith(",");
    }

    @Test
    void a_window_without_rows_has_no_spill_and_a_closed_log_closes_once() throws Exception {
        RequestLogSpill log = new RequestLogSpill(0, 2, this::path);
        log.row(new RequestLogRow(ok(0, 1, 2, 1.5), 0, 1, true, false, false));
        log.close();
        log.close();

        assertThat(path(0, 0)).as("the bundle writer makes its header-only files").doesNotExist();
        assertThat(lines(0, 1)).hasSize(2);
    }

    @Test
    void the_spill_holds_typed_rows_not_csv_text_and_gives_every_column_back_exactly() throws Exception {
        RequestLogSpill log = new RequestLogSpill(4, 1, this::path);
        List<RequestLogRow> written = new ArrayList<>();
        for (RequestLogRow row : RequestRowSamples.varied(4)) {
            log.row(row);
            written.add(row);
        }
        Map<Long, Double> joules = new HashMap<>();
        joules.put(0L, 1.5);
        joules.put(2L, 1e-9);
        joules.put(3L, Double.NaN);
        log.attributed(joules);
        log.close();

        assertThat(new String(Files.readAllBytes(path(4, 0)), StandardCharsets.UTF_8))
                .as("no CSV text: the rows are rendered once, by the bundle writer")
                .doesNotContain(RequestColumns.TABLE.headerLine()).doesNotContain("1.5,2,");
        List<RequestLogRow> read = rows(4, 0);
        assertThat(read).hasSameSizeAs(written);
        for (int i = 0; i < read.size(); i++) {
            RequestLogRow expected = written.get(i).withEnergyAttributedJ(joules.get((long) written.get(i).record()
                    .index()));
            assertThat(RequestColumns.TABLE.values(read.get(i))).as("row %d", i)
                    .isEqualTo(RequestColumns.TABLE.values(expected));
            assertThat(RequestColumns.TABLE.parquetRow(read.get(i))).as("row %d", i)
                    .isEqualTo(RequestColumns.TABLE.parquetRow(expected));
        }
        assertThat(read).extracting(RequestLogRow::energyAttributedJ).containsExactly(1.5, null, 1e-9, null, null);
    }

    @Test
    void a_row_reported_after_close_neither_truncates_nor_recreates_a_window_file() throws Exception {
        RequestLogSpill log = new RequestLogSpill(0, 2, this::path);
        log.row(new RequestLogRow(ok(0, 1, 2, 1.5), 0, 0, true, false, false));
        log.row(new RequestLogRow(ok(3, 1, 2, 1.5), 0, 1, true, false, false));
        log.close();
        Path handedOn = path(0, 1);
        RequestLogSpill.delete(handedOn); // the sink wrote its bundle from it

        log.row(new RequestLogRow(ok(1, 1, 9, 1.5), 0, 0, true, false, true)); // cancelled at the drain timeout
        log.row(new RequestLogRow(ok(2, 1, 9, 1.5), 0, 1, true, false, true));

        assertThat(lines(0, 0)).hasSize(2);
        assertThat(handedOn).doesNotExist();
    }

    @Test
    void engine_text_in_finish_reason_and_error_is_neutralised_and_numbers_are_not() {
        RequestRecord evil = new RequestRecord(2, 1_000_000_000L, 1_000_000_000L, 3_000_000_000L, RequestStatus.ERROR,
                "-1+1 HTTP 500 from /v1/completions: =cmd",
                new CompletionResult(null, new long[] {2_000_000_000L}, -3, null, "=HYPERLINK(\"x\")"));

        String line = RequestColumns.TABLE.csvLine(new RequestLogRow(evil, 0, 0, true, false, false));

        assertThat(line).isEqualTo("2,1,1,2,3,1000,2000,1,-3,,error,\"'=HYPERLINK(\"\"x\"\")\",0,0,true,false,false,2,"
                + "\"'-1+1 HTTP 500 from /v1/completions: =cmd\",false,,,,,,,");
    }

    @Test
    void nulls_are_empty_numbers_use_a_dot_and_text_is_rfc4180_quoted() {
        Locale saved = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            RequestRecord weird = new RequestRecord(7, 1_500_000_000L, null, null, RequestStatus.TIMEOUT, "gone",
                    new CompletionResult(null, new long[] {1_750_000_000L}, 12, null, "stop, \"early\""));
            String line = RequestColumns.TABLE.csvLine(new RequestLogRow(weird, 1, 0, true, false, false));
            assertThat(line).isEqualTo("7,1.5,,1.75,,250,,1,12,,timeout,\"stop, \"\"early\"\"\",1,0,true,false,"
                    + "false,1.75,gone,false,,,,,,,");
            String plain = RequestColumns.TABLE.csvLine(new RequestLogRow(timeout(3, 0.000001), 0, 0, false, true, false));
            assertThat(plain).startsWith("3,0.000001,0.000001,,,,,0,,,timeout,,0,0,false,true,false,");
        } finally {
            Locale.setDefault(saved);
        }
    }
}
