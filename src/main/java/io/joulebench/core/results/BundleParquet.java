package io.joulebench.core.results;

import io.joulebench.core.ToolVersion;
import io.joulebench.core.csv.CsvReader;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.parquet.ParquetFile;
import io.joulebench.core.parquet.ParquetFile.Column;
import io.joulebench.core.parquet.ParquetFile.Type;
import io.joulebench.core.window.RequestColumns;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The bundle's Parquet files, with upstream's columns (spec §5.5 and upstream's timeseries schema) followed by
 * Joulebench's extra ones. {@code requests.parquet} is made from the window's {@code requests.csv} (the one request
 * log) through {@link RequestColumns}, so the two cannot disagree; {@code timeseries.parquet} from the bracket's
 * samples, as {@code timeseries.csv}.
 */
final class BundleParquet {

    /** A timeseries column: its name, type and value of a sample (given the bracket's start, ns). */
    record SampleColumn(String name, Type type, Sample value) {
    }

    @FunctionalInterface
    interface Sample {
        Object of(PowerSample s, long startNanos);
    }

    /**
     * Upstream's six columns ({@code t} in seconds since the window's bracket opened; memory and SM clock null
     * where the meter does not read them), then ours, as in timeseries.csv: {@code t_s} on the shared monotonic
     * clock, {@code throttled}, {@code throttle_reasons} (the active clock event reasons' names joined by {@code ;},
     * {@code none} when none) and {@code power_instant_w} (null where power came from an averaged reading).
     */
    static final List<SampleColumn> TIMESERIES_COLUMNS = List.of(
            new SampleColumn("t", Type.DOUBLE, (s, start) -> (s.tNanos() - start) / 1e9),
            new SampleColumn("gpu_idx", Type.INT32, (s, start) -> s.device()),
            new SampleColumn("power_w", Type.DOUBLE, (s, start) -> s.powerW()),
            new SampleColumn("temperature_c", Type.DOUBLE, (s, start) -> s.temperatureC()),
            new SampleColumn("memory_used_mib", Type.DOUBLE, (s, start) -> s.telemetry().memoryUsedMib()),
            new SampleColumn("sm_clock_mhz", Type.DOUBLE, (s, start) -> s.telemetry().smClockMhz() == null ? null
                    : s.telemetry().smClockMhz().doubleValue()),
            new SampleColumn("t_s", Type.DOUBLE, (s, start) -> s.tNanos() / 1e9),
            new SampleColumn("throttled", Type.BOOLEAN, (s, start) -> s.throttled()),
            new SampleColumn("throttle_reasons", Type.STRING, (s, start) -> s.telemetry().throttleReasons()),
            new SampleColumn("power_instant_w", Type.DOUBLE, (s, start) -> s.telemetry().powerInstantW()));

    private BundleParquet() {
    }

    static void writeTimeseries(OutputStream out, List<PowerSample> samples, long startNanos) throws IOException {
        List<Column> columns = TIMESERIES_COLUMNS.stream().map(c -> new Column(c.name(), c.type())).toList();
        List<Object[]> rows = new ArrayList<>(samples.size());
        for (PowerSample s : samples) {
            Object[] row = new Object[columns.size()];
            for (int i = 0; i < row.length; i++) {
                row[i] = TIMESERIES_COLUMNS.get(i).value().of(s, startNanos);
            }
            rows.add(row);
        }
        ParquetFile.write(out, columns, rows, Map.of(), createdBy());
    }

    /**
     * {@code requests.parquet} from a {@code requests.csv}: the columns of {@link RequestColumns}, each cell found by
     * its header name (a log written before a column existed gets nulls) and parsed by its column; the footer
     * carries upstream's identity metadata.
     */
    static void writeRequests(OutputStream out, Path requestsCsv, Map<String, String> metadata) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(requestsCsv, StandardCharsets.UTF_8)) {
            CsvReader reader = new CsvReader(in);
            List<String> header = reader.readRecord();
            List<String> record;
            while (header != null && (record = reader.readRecord()) != null) {
                rows.add(RequestColumns.TABLE.parse(header, record));
            }
        }
        ParquetFile.write(out, RequestColumns.TABLE.parquetColumns(), rows, metadata, createdBy());
    }

    private static String createdBy() {
        return "joulebench version " + ToolVersion.get();
    }
}
