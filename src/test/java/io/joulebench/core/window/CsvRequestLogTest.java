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
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvRequestLogTest {

    @TempDir
    Path dir;

    private Path path(int level, int window) {
        return dir.resolve("L" + level + "-W" + window + "/requests.csv");
    }

    private List<String> lines(int level, int window) throws Exception {
        return List.of(Files.readString(path(level, window)).split("\r\n"));
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
                new FakeBracket.Factory(clock, 100)).requestLog(CsvRequestLog.factory(this::path)).build());

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
    void a_closed_level_fills_in_each_rows_attributed_energy_and_leaves_the_other_cells_as_written() throws Exception {
        VirtualClock clock = VirtualClock.atSeconds(1000);
        WindowSpec spec = WindowSpec.builder().rate(5).rampExclusionSeconds(30).durationSeconds(10).build();
        ScriptedSource source = ScriptedSource.returning(
                ok(0, 1020, 1031, 1030.5),             // window 0: 1 of its 3 tokens
                ok(1, 1035, 1036, 1035.5),             // window 0: 1 token
                ok(2, 1039, 1041.5, 1039.5, 1041),     // 1 token in window 0, 1 of the 2 in window 1
                ok(3, 1045, 1046, 1045.5));            // window 1: 1 token; window 2 has no request
        new WindowManager(clock).runLevel(2, LevelPlan.builder(spec, source, r -> CompletionResult.EMPTY,
                new FakeBracket.Factory(clock, 100)).requestLog(CsvRequestLog.factory(this::path)).build());

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
    void an_attribution_that_cannot_be_written_leaves_the_rows_as_streamed_and_the_close_succeeds() throws Exception {
        CsvRequestLog log = new CsvRequestLog(0, 2, this::path);
        log.row(new RequestLogRow(ok(0, 1, 2, 1.5), 0, 1, true, false, false));
        // a directory where the rewrite's temporary file would go: the rewrite fails, the measured rows must not
        java.nio.file.Files.createDirectories(path(0, 1).resolveSibling(path(0, 1).getFileName() + ".attributing"));
        java.nio.file.Files.writeString(path(0, 1).resolveSibling(path(0, 1).getFileName() + ".attributing")
                .resolve("occupied"), "x");
        log.attributed(java.util.Map.of(0L, 12.5));
        log.close();

        assertThat(lines(0, 1)).hasSize(2);
        assertThat(lines(0, 1).get(1)).startsWith("0,1,1,1.5,2,").endsWith(",");
    }

    @Test
    void an_empty_window_gets_a_header_only_file() throws Exception {
        CsvRequestLog log = new CsvRequestLog(0, 2, this::path);
        log.row(new RequestLogRow(ok(0, 1, 2, 1.5), 0, 1, true, false, false));
        log.close();
        log.close();

        assertThat(lines(0, 0)).containsExactly(RequestColumns.TABLE.headerLine());
        assertThat(lines(0, 1)).hasSize(2);
    }

    @Test
    void a_row_reported_after_close_neither_truncates_nor_recreates_a_window_file() throws Exception {
        CsvRequestLog log = new CsvRequestLog(0, 2, this::path);
        log.row(new RequestLogRow(ok(0, 1, 2, 1.5), 0, 0, true, false, false));
        log.close();
        Path handedOn = path(0, 1);
        Files.delete(handedOn); // the sink moved it into its bundle

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

        String line = CsvRequestLog.format(new RequestLogRow(evil, 0, 0, true, false, false));

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
            String line = CsvRequestLog.format(new RequestLogRow(weird, 1, 0, true, false, false));
            assertThat(line).isEqualTo("7,1.5,,1.75,,250,,1,12,,timeout,\"stop, \"\"early\"\"\",1,0,true,false,"
                    + "false,1.75,gone,false,,,,,,,");
            String plain = CsvRequestLog.format(new RequestLogRow(timeout(3, 0.000001), 0, 0, false, true, false));
            assertThat(plain).startsWith("3,0.000001,0.000001,,,,,0,,,timeout,,0,0,false,true,false,");
        } finally {
            Locale.setDefault(saved);
        }
    }
}
