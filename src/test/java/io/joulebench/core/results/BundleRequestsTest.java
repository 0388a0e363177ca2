package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.csv.CsvReader;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.window.RequestColumns;
import io.joulebench.core.window.RequestLogRow;
import io.joulebench.core.window.RequestLogSpill;
import io.joulebench.core.window.RequestRowSamples;
import java.io.ByteArrayOutputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** requests.csv and requests.parquet are each written once, from the spilled typed rows, after attribution. */
class BundleRequestsTest {

    private static final Map<String, String> METADATA = Map.of("experiment_id", "server-x-c1-L2-W0");

    @TempDir
    Path dir;

    private Path spill(List<RequestLogRow> rows, Map<Long, Double> joules) {
        Path spill = dir.resolve("staging").resolve("w.rows");
        try (RequestLogSpill log = new RequestLogSpill(2, 1, (level, window) -> spill)) {
            rows.forEach(log::row);
            if (joules != null) {
                log.attributed(joules);
            }
        }
        return spill;
    }

    @Test
    void requests_csv_holds_each_spilled_row_with_its_attributed_joules() throws Exception {
        List<RequestLogRow> rows = RequestRowSamples.varied(2);
        Map<Long, Double> joules = new HashMap<>(Map.of(0L, 12.5, 1L, 0.125, 4L, 3.0));
        Path bundle = Files.createDirectories(dir.resolve("bundle"));

        BundleRequests.write(bundle, spill(rows, joules), METADATA);

        StringBuilder expected = new StringBuilder(RequestColumns.TABLE.headerLine()).append("\r\n");
        for (RequestLogRow row : rows) {
            expected.append(RequestColumns.TABLE.csvLine(row.withEnergyAttributedJ(joules.get((long) row.record()
                    .index())))).append("\r\n");
        }
        assertThat(Files.readString(bundle.resolve(BundleWriter.REQUESTS))).isEqualTo(expected.toString());
        assertThat(Files.readString(bundle.resolve(BundleWriter.REQUESTS))).contains(",12.5\r\n", ",0.125\r\n");
    }

    @Test
    void requests_parquet_keeps_the_bytes_it_had_when_it_was_parsed_from_requests_csv() throws Exception {
        Path bundle = Files.createDirectories(dir.resolve("bundle"));

        BundleRequests.write(bundle, spill(RequestRowSamples.varied(2), Map.of(0L, 12.5, 2L, 1e-9)), METADATA);

        assertThat(Files.readAllBytes(bundle.resolve(BundleWriter.REQUESTS_PARQUET)))
                .as("the same file as the old way: requests.csv read back and each cell parsed by its column")
                .isEqualTo(parquetParsedFrom(bundle.resolve(BundleWriter.REQUESTS)));
    }

    @Test
    void requests_parquet_takes_its_text_from_the_typed_row_not_from_the_csv_cell() throws Exception {
        // a text that begins with ' and a formula character: its CSV cell reads back without the ' (CsvCells), so a
        // Parquet file parsed from requests.csv would lose it; one made from the typed row keeps the engine's text
        RequestRecord quoted = new RequestRecord(0, 1_000_000_000L, 1_000_000_000L, 2_000_000_000L,
                RequestStatus.ERROR, "'=engine said", new CompletionResult(null, new long[0], null, null, null));
        Path bundle = Files.createDirectories(dir.resolve("bundle"));

        BundleRequests.write(bundle, spill(List.of(new RequestLogRow(quoted, 2, 0, true, false, false)), null),
                METADATA);

        Path parquet = bundle.resolve(BundleWriter.REQUESTS_PARQUET);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT error, energy_attributed_j FROM '" + parquet + "'")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("'=engine said");
            assertThat(rs.getObject(2)).as("an unattributed level").isNull();
        }
    }

    @Test
    void without_a_spill_both_files_hold_no_row() throws Exception {
        Path bundle = Files.createDirectories(dir.resolve("bundle"));

        BundleRequests.write(bundle, dir.resolve("never-spilled.rows"), METADATA);

        assertThat(Files.readString(bundle.resolve(BundleWriter.REQUESTS)))
                .isEqualTo(RequestColumns.TABLE.headerLine() + "\r\n");
        assertThat(Files.readAllBytes(bundle.resolve(BundleWriter.REQUESTS_PARQUET)))
                .isEqualTo(parquetParsedFrom(bundle.resolve(BundleWriter.REQUESTS)));
    }

    /** requests.parquet as it was made before issue 31: from requests.csv, each cell parsed by its column. */
    private static byte[] parquetParsedFrom(Path csv) throws Exception {
        List<Object[]> rows = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            CsvReader reader = new CsvReader(in);
            Function<List<String>, Object[]> parser = RequestColumns.TABLE.parser(reader.readRecord());
            List<String> record;
            while ((record = reader.readRecord()) != null) {
                rows.add(parser.apply(record));
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BundleParquet.writeRequests(out, rows, METADATA);
        return out.toByteArray();
    }
}
