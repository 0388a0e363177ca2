package io.joulebench.core.results;

import io.joulebench.core.ToolVersion;
import io.joulebench.core.csv.CsvCells;
import io.joulebench.core.csv.CsvReader;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.parquet.ParquetFile;
import io.joulebench.core.parquet.ParquetFile.Column;
import io.joulebench.core.parquet.ParquetFile.Type;
import io.joulebench.core.window.RequestLogRow;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bundle's Parquet files, with upstream's columns (spec §5.5 and upstream's timeseries schema) followed by
 * Joulebench's extra ones. {@code requests.parquet} is made from the window's {@code requests.csv} (the one request
 * log, {@link RequestLogRow#COLUMNS}), so the two cannot disagree; {@code timeseries.parquet} from the bracket's
 * samples, as {@code timeseries.csv}.
 */
final class BundleParquet {

    /** The Parquet type of each request log column; every column of {@link RequestLogRow#COLUMNS} has one. */
    static final Map<String, Type> REQUEST_TYPES = requestTypes();

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

    private static Map<String, Type> requestTypes() {
        Map<String, Type> t = new LinkedHashMap<>();
        t.put("request_index", Type.INT64);
        for (String c : List.of("issued_at", "dispatched_at", "first_token_at", "completed_at", "ttft_ms",
                "e2e_latency_ms")) {
            t.put(c, Type.DOUBLE);
        }
        t.put("client_output_tokens", Type.INT64);
        t.put("server_prompt_tokens", Type.INT64);
        t.put("server_completion_tokens", Type.INT64);
        t.put("status", Type.STRING);
        t.put("finish_reason", Type.STRING);
        t.put("level_index", Type.INT32);
        t.put("window_index", Type.INT32);
        t.put("in_measurement_window", Type.BOOLEAN);
        t.put("is_ramp", Type.BOOLEAN);
        t.put("completed_in_drain", Type.BOOLEAN);
        t.put("output_token_times", Type.DOUBLE_LIST);
        t.put("error", Type.STRING);
        t.put("retried", Type.BOOLEAN);
        t.put("energy_attributed_j", Type.DOUBLE);
        if (!t.keySet().equals(new java.util.LinkedHashSet<>(Arrays.asList(RequestLogRow.COLUMNS)))) {
            throw new IllegalStateException("requests.parquet types do not match the request log's columns");
        }
        return Map.copyOf(t);
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
     * {@code requests.parquet} from a {@code requests.csv}: columns by header name (a log written before a column
     * existed gets nulls), in {@link RequestLogRow#COLUMNS} order; the footer carries upstream's identity metadata.
     */
    static void writeRequests(OutputStream out, Path requestsCsv, Map<String, String> metadata) throws IOException {
        List<String> names = List.of(RequestLogRow.COLUMNS);
        List<Column> columns = names.stream().map(c -> new Column(c, REQUEST_TYPES.get(c))).toList();
        List<Object[]> rows = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(requestsCsv, StandardCharsets.UTF_8)) {
            CsvReader reader = new CsvReader(in);
            List<String> header = reader.readRecord();
            int[] at = new int[names.size()];
            for (int i = 0; i < at.length; i++) {
                at[i] = header == null ? -1 : header.indexOf(names.get(i));
            }
            List<String> record;
            while (header != null && (record = reader.readRecord()) != null) {
                Object[] row = new Object[names.size()];
                for (int i = 0; i < row.length; i++) {
                    String cell = at[i] < 0 || at[i] >= record.size() ? null : record.get(at[i]);
                    row[i] = value(columns.get(i).type(), cell);
                }
                rows.add(row);
            }
        }
        ParquetFile.write(out, columns, rows, metadata, createdBy());
    }

    private static Object value(Type type, String cell) {
        if (type == Type.DOUBLE_LIST) {
            // output_token_times: present for every row (empty when no token arrived)
            return cell == null || cell.isEmpty() ? new double[0]
                    : Arrays.stream(cell.split(";")).mapToDouble(Double::parseDouble).toArray();
        }
        if (cell == null || cell.isEmpty()) {
            return null;
        }
        return switch (type) {
            case INT32 -> Integer.parseInt(cell);
            case INT64 -> new BigDecimal(cell).longValueExact();
            case DOUBLE -> Double.parseDouble(cell);
            case BOOLEAN -> Boolean.parseBoolean(cell);
            case STRING -> CsvCells.decodeText(cell);
            case DOUBLE_LIST -> throw new IllegalStateException();
        };
    }

    private static String createdBy() {
        return "joulebench version " + ToolVersion.get();
    }
}
