package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WindowsCsvTableTest {

    static WindowRow row(String study, double rate, int window, String jPerToken, String reason) {
        Map<String, String> cells = new LinkedHashMap<>();
        for (String c : WindowsCsvColumns.ALL) {
            cells.put(c, "");
        }
        cells.put("experiment_id", study + "-r" + rate + "-w" + window);
        cells.put("study_name", study);
        cells.put("rate_req_s", Double.toString(rate));
        cells.put("window_index", Integer.toString(window));
        cells.put("j_per_token", jPerToken);
        cells.put("level_valid", reason.isEmpty() ? "true" : "false");
        cells.put("invalid_reason", reason);
        cells.put("baseline_power_w", "-1.5");
        return new WindowRow(cells);
    }

    @Test
    void the_column_list_matches_issue_7_in_order() {
        assertThat(WindowsCsvColumns.ALL).hasSize(89).doesNotHaveDuplicates();
        assertThat(WindowsCsvColumns.ALL.subList(0, 3)).containsExactly("experiment_id", "study_name", "session_id");
        int auto = WindowsCsvColumns.ALL.indexOf("window_auto_s");
        assertThat(WindowsCsvColumns.ALL.subList(auto - 3, auto + 1))
                .as("issue 20's token-count columns follow issue 7's last, issue 23's auto window after them")
                .containsExactly("tool_version", "server_reported_output_tokens", "server_reported_client_token_ratio",
                        "window_auto_s");
        int input = WindowsCsvColumns.ALL.indexOf("input_tokens");
        assertThat(WindowsCsvColumns.ALL.subList(input, input + 6))
                .as("issue 30's workload columns, then issue 32's conversations")
                .containsExactly("input_tokens", "j_per_total_token", "input_delivered_ratio", "output_delivered_ratio",
                        "sessions_started", "sessions_completed");
        int client = WindowsCsvColumns.ALL.indexOf("client_receipt_lag_p99_ms");
        assertThat(WindowsCsvColumns.ALL.subList(client, WindowsCsvColumns.ALL.size()))
                .as("issue 34's client columns after them")
                .containsExactly("client_receipt_lag_p99_ms", "client_gc_pause_ms", "client_cpu_fraction");
        assertThat(WindowsCsvColumns.ALL.subList(auto + 1, input))
                .as("issue 18's energy domains, device groups and attributed J/request after them")
                .containsExactly("gpu_energy_j", "host_energy_j", "host_energy_kind", "host_energy_method", "host_energy_source",
                        "node_energy_j", "node_energy_domains", "headline_domain", "device_groups",
                        "j_per_request_attributed_p50", "j_per_request_attributed_p90",
                        "j_per_request_attributed_p99");
        assertThat(WindowsCsvColumns.ALL.indexOf("level_valid")).isLessThan(WindowsCsvColumns.ALL.indexOf("issued"));
        assertThat(WindowsCsvColumns.ALL).containsAll(WindowsCsvColumns.MAIN).containsAll(WindowsCsvColumns.USER_TEXT);
    }

    @Test
    void export_then_read_round_trips_every_cell_including_hostile_text(@TempDir Path dir) throws Exception {
        List<WindowRow> rows = List.of(row("=cmd|' /C calc'!A0", 2, 0, "0.0123", ""),
                row("quick, \"start\"", 8, 1, "0.5", "level CV 7.1% > 5%\nsecond line"));
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.FRANCE);
            Path file = WindowsCsvExporter.write(rows, dir.resolve("out/windows.csv"), (d, t) -> { });
            String text = Files.readString(file);
            assertThat(text).contains("\"'=cmd|' /C calc'!A0\"").contains(",-1.5,").doesNotContain("0,0123");
            WindowsCsvTable back = WindowsCsvTable.readFolder(file.getParent());
            assertThat(back.columns()).isEqualTo(WindowsCsvColumns.ALL);
            assertThat(back.rows()).hasSize(2);
            for (int i = 0; i < rows.size(); i++) {
                for (String c : WindowsCsvColumns.ALL) {
                    assertThat(back.rows().get(i).text(c)).as(c).isEqualTo(rows.get(i).text(c));
                }
            }
            assertThat(back.rows().get(1).levelValid()).contains(false);
            assertThat(back.rows().get(0).jPerToken()).hasValue(0.0123);
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void extra_trailing_columns_are_kept_and_short_rows_read_as_empty() throws Exception {
        StringWriter csv = new StringWriter();
        List<String> header = new ArrayList<>(WindowsCsvColumns.ALL);
        header.add("future_metric");
        csv.write(String.join(",", header) + "\r\n");
        csv.write("id-1,quickstart\r\n");
        WindowsCsvTable table = WindowsCsvTable.read(new StringReader(csv.toString())); // a hand-made file
        assertThat(table.columns()).endsWith("future_metric");
        assertThat(table.rows().get(0).studyName()).isEqualTo("quickstart");
        assertThat(table.rows().get(0).rate()).isEmpty();
        assertThat(WindowsCsvExporter.columnsFor(table.rows())).endsWith("future_metric");
    }

    @Test
    void export_reports_progress_for_every_row() throws Exception {
        List<long[]> seen = new ArrayList<>();
        WindowsCsvExporter.write(List.of(row("a", 1, 0, "1", ""), row("a", 1, 1, "1", "")), new StringWriter(),
                (done, total) -> seen.add(new long[] {done, total}));
        assertThat(seen).extracting(p -> p[0] + "/" + p[1]).containsExactly("1/2", "2/2");
    }

    @Test
    void a_folder_without_windows_csv_is_refused_with_its_path(@TempDir Path dir) {
        assertThatThrownBy(() -> WindowsCsvTable.readFolder(dir)).isInstanceOf(NoSuchFileException.class)
                .hasMessageContaining("windows.csv");
    }

    static String wholeFile() throws Exception {
        StringWriter out = new StringWriter();
        WindowsCsvExporter.write(List.of(row("a", 16, 0, "0.1", ""), row("a", 16, 1, "0.2", "")), out, (d, t) -> { });
        return out.toString();
    }

    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> damaged() throws Exception {
        String whole = wholeFile();
        String header = whole.substring(0, whole.indexOf('\n') + 1);
        String body = whole.substring(header.length());
        String lastRow = body.substring(body.indexOf('\n') + 1);
        String firstRows = whole.substring(0, whole.length() - lastRow.length());
        int tokens = WindowsCsvColumns.ALL.indexOf("output_tokens");
        List<String> cells = new ArrayList<>(List.of(lastRow.strip().split(",", -1)));
        cells.set(tokens, "22O");
        return java.util.stream.Stream.of(
                org.junit.jupiter.params.provider.Arguments.of(whole.substring(0, whole.length() - 20),
                        "has no line end"),
                org.junit.jupiter.params.provider.Arguments.of(firstRows + "a-r16-w1,a\r\n", "has 2 cells where"),
                org.junit.jupiter.params.provider.Arguments.of(firstRows + String.join(",", cells) + "\r\n",
                        "output_tokens is '22O', not a number"));
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("damaged")
    void a_row_that_is_not_whole_is_never_read_as_a_window(String text, String why, @TempDir Path dir)
            throws Exception {
        Files.writeString(dir.resolve("windows.csv"), text);
        assertThatThrownBy(() -> WindowsCsvTable.readFolder(dir))
                .isInstanceOf(WindowsCsvTable.DamagedWindowsCsvException.class)
                .hasMessageContaining(why).hasMessageContaining("was not used")
                .hasMessageContaining("no manifest.json");
    }

    @Test
    void a_whole_file_reads_whatever_its_line_ends(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("windows.csv"), wholeFile().replace("\r\n", "\n"));
        assertThat(WindowsCsvTable.readFolder(dir).rows()).hasSize(2);
    }

    @Test
    void a_folder_that_does_not_exist_is_named_as_such(@TempDir Path dir) {
        assertThatThrownBy(() -> WindowsCsvTable.readFolder(dir.resolve("nosuchdir")))
                .isInstanceOf(NoSuchFileException.class).hasMessageContaining("no such folder");
    }

    @Test
    void the_readme_says_as_many_columns_as_windows_csv_has() throws Exception {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("one row per window, (\\d+) columns")
                .matcher(Files.readString(Path.of("README.md")));
        assertThat(m.find()).as("README.md's export line names the column count").isTrue();
        assertThat(Integer.parseInt(m.group(1))).isEqualTo(WindowsCsvColumns.ALL.size());
    }
}
