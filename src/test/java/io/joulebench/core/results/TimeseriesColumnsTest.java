package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.csv.CsvReader;
import io.joulebench.core.csv.TableColumn;
import io.joulebench.core.energy.DeviceTelemetry;
import io.joulebench.core.energy.PowerSample;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** timeseries.csv and timeseries.parquet take their names, types and values from the one table. */
class TimeseriesColumnsTest {

    @TempDir
    Path dir;

    @Test
    void the_csv_keeps_its_columns_with_the_device_renamed_to_upstreams_gpu_idx() {
        // docs/results.md records the one rename (device → gpu_idx); any other change must be recorded there too
        assertThat(TimeseriesColumns.TABLE.headerLine()).isEqualTo("t_s,gpu_idx,power_w,temperature_c,throttled,"
                + "memory_used_mib,sm_clock_mhz,throttle_reasons,power_instant_w");
    }

    @Test
    void parquet_has_upstreams_columns_first_then_the_csvs_under_the_same_names_types_and_values() throws Exception {
        long start = 5_000_000_000L;
        List<PowerSample> samples = List.of(
                new PowerSample(5_250_000_000L, 1, 212.5, 61.0, true,
                        new DeviceTelemetry(2048.0, 1410, 0L, 230.0)),
                new PowerSample(5_500_000_001L, 0, null, null, null));
        Path parquet = dir.resolve("timeseries.parquet");
        try (OutputStream out = Files.newOutputStream(parquet)) {
            BundleParquet.writeTimeseries(out, samples, start);
        }
        StringBuilder csv = new StringBuilder(TimeseriesColumns.TABLE.headerLine()).append("\r\n");
        samples.forEach(s -> csv.append(TimeseriesColumns.TABLE.csvLine(new TimeseriesColumns.Row(s, start)))
                .append("\r\n"));
        List<List<String>> cells = new CsvReader(new StringReader(csv.toString())).readAll();
        assertThat(cells.get(1)).containsExactly("5.25", "1", "212.5", "61", "true", "2048", "1410", "none", "230");
        assertThat(cells.get(2)).containsExactly("5.500000001", "0", "", "", "", "", "", "", "");

        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            Map<String, String> schema = DuckDbSchema.read(st, parquet);
            assertThat(schema).as("Parquet names and types")
                    .containsExactlyEntriesOf(DuckDbSchema.declared(TimeseriesColumns.TABLE));
            List<String> names = List.copyOf(schema.keySet());
            assertThat(names).containsExactly("t", "gpu_idx", "power_w", "temperature_c", "memory_used_mib",
                    "sm_clock_mhz", "t_s", "throttled", "throttle_reasons", "power_instant_w");
            assertThat(names).containsAll(cells.getFirst());
            List<TableColumn<TimeseriesColumns.Row>> order = TimeseriesColumns.TABLE.parquetOrder();
            try (ResultSet rs = st.executeQuery("SELECT * FROM '" + parquet + "' ORDER BY t_s")) {
                for (int row = 1; rs.next(); row++) {
                    for (int i = 0; i < names.size(); i++) {
                        int at = cells.getFirst().indexOf(names.get(i));
                        if (at >= 0) {
                            assertThat(rs.getObject(i + 1)).as("%s of row %d", names.get(i), row)
                                    .isEqualTo(order.get(i).parse(cells.get(row).get(at)));
                        }
                    }
                }
            }
            try (ResultSet rs = st.executeQuery("SELECT t FROM '" + parquet + "' ORDER BY t")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getDouble(1)).as("seconds since the bracket opened").isEqualTo(0.25);
            }
        }
    }
}
