package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.csv.CsvCells.Kind;
import io.joulebench.core.csv.CsvReader;
import io.joulebench.core.csv.TableColumn;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.window.RequestColumns;
import io.joulebench.core.window.RequestLogRow;
import io.joulebench.core.window.RequestLogSpill;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** requests.csv, requests.parquet and the requests export take their columns from the one table. */
class RequestColumnsTest {

    @TempDir
    Path dir;

    @Test
    void requests_csv_keeps_the_header_it_had_before_the_table() {
        // the file format before the table existed, plus issue 30's fidelity columns and issue 32's conversation
        // columns before the attributed energy: a
        // rename or reorder must be recorded in docs/results.md
        assertThat(RequestColumns.TABLE.headerLine()).isEqualTo("request_index,issued_at,dispatched_at,"
                + "first_token_at,completed_at,ttft_ms,e2e_latency_ms,client_output_tokens,server_prompt_tokens,"
                + "server_completion_tokens,status,finish_reason,level_index,window_index,in_measurement_window,"
                + "is_ramp,completed_in_drain,output_token_times,error,retried,requested_input_tokens,"
                + "requested_output_tokens,shared_prefix_tokens,server_cached_tokens,session_id,turn,energy_attributed_j");
    }

    @Test
    void only_engine_and_error_text_is_neutralised() {
        assertThat(RequestColumns.TABLE.columns().stream().filter(c -> c.kind() == Kind.TEXT)
                .map(TableColumn::name)).containsExactly("finish_reason", "error");
    }

    @Test
    void csv_and_parquet_headers_types_and_values_come_from_the_same_table() throws Exception {
        Path spill = dir.resolve("staged.rows");
        RequestLogSpill log = new RequestLogSpill(0, 1, (level, window) -> spill);
        RequestRecord evil = new RequestRecord(2, 1_000_000_000L, 1_000_000_000L, 3_000_000_000L,
                RequestStatus.ERROR, "-1 HTTP 500: =cmd", new CompletionResult(null,
                        new long[] {2_000_000_000L, 2_500_000_000L}, -3, 7, "=HYPERLINK(\"x\")"));
        RequestRecord timedOut = new RequestRecord(3, 4_000_000_000L, null, null, RequestStatus.TIMEOUT, "gone",
                new CompletionResult(null, new long[0], 0, null, null));
        log.row(new RequestLogRow(evil, 0, 0, true, false, false));
        log.row(new RequestLogRow(timedOut, 0, 0, false, true, false));
        log.attributed(Map.of(2L, 1.25));
        log.close();
        BundleRequests.write(dir, spill, Map.of());
        Path csv = dir.resolve(BundleWriter.REQUESTS);
        Path parquet = dir.resolve(BundleWriter.REQUESTS_PARQUET);

        try (var in = Files.newBufferedReader(csv)) {
            assertThat(new CsvReader(in).readRecord()).as("requests.csv header")
                    .isEqualTo(RequestColumns.TABLE.names());
        }
        assertThat(CsvReader.rowsOf(csv).getFirst()).containsEntry("energy_attributed_j", "1.25");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            Map<String, String> schema = DuckDbSchema.read(st, parquet);
            assertThat(schema).as("Parquet names and types")
                    .containsExactlyEntriesOf(DuckDbSchema.declared(RequestColumns.TABLE));
            assertThat(List.copyOf(schema.keySet())).as("requests.parquet columns, as the CSV's")
                    .isEqualTo(RequestColumns.TABLE.names());
            try (ResultSet rs = st.executeQuery("SELECT status, finish_reason, error, energy_attributed_j, "
                    + "server_completion_tokens, len(output_token_times) FROM '" + parquet + "' ORDER BY 1")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("error");
                assertThat(rs.getString(2)).as("decoded from the neutralised cell").isEqualTo("=HYPERLINK(\"x\")");
                assertThat(rs.getString(3)).isEqualTo("-1 HTTP 500: =cmd");
                assertThat(rs.getDouble(4)).isEqualTo(1.25);
                assertThat(rs.getLong(5)).isEqualTo(7);
                assertThat(rs.getInt(6)).isEqualTo(2);
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("timeout");
                assertThat(rs.getObject(4)).isNull();
                assertThat(rs.getInt(6)).isZero();
            }
        }
    }

    @Test
    void the_export_writes_the_bundles_cells_under_the_tables_names_and_kinds() throws Exception {
        String id = "server-0123456789abcdef-c0-L0-W0";
        Path bundle = dir.resolve(id);
        Files.createDirectories(bundle);
        RequestRecord evil = new RequestRecord(1, 1_000_000_000L, 1_000_000_000L, 3_000_000_000L,
                RequestStatus.ERROR, "=cmd", new CompletionResult(null, new long[] {2_000_000_000L}, 1, null, "-x"));
        String line = RequestColumns.TABLE.csvLine(new RequestLogRow(evil, 0, 0, true, false, false));
        Files.writeString(bundle.resolve(BundleWriter.REQUESTS), RequestColumns.TABLE.headerLine() + "\r\n"
                + line + "\r\n");
        WindowsCsvTable windows = WindowsCsvTable.read(new java.io.StringReader(
                WindowsCsvColumns.EXPERIMENT_ID + "\r\n" + id + "\r\n"));

        StringWriter out = new StringWriter();
        RequestsExport.write(dir, windows, out);

        List<List<String>> export = new CsvReader(new java.io.StringReader(out.toString())).readAll();
        List<String> expectedHeader = new ArrayList<>(List.of("experiment_id"));
        expectedHeader.addAll(RequestColumns.TABLE.names());
        assertThat(export.getFirst()).isEqualTo(expectedHeader);
        List<String> bundleCells = new CsvReader(new java.io.StringReader(line)).readRecord();
        assertThat(export.get(1)).as("the bundle's cells, still neutralised once").containsExactlyElementsOf(
                java.util.stream.Stream.concat(java.util.stream.Stream.of(id), bundleCells.stream()).toList());
        assertThat(export.get(1)).contains("'-x", "'=cmd", "error");
    }
}
