package io.joulebench.core.results;

import io.joulebench.core.ToolVersion;
import io.joulebench.core.csv.CsvReader;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.parquet.ParquetFile;
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
import java.util.function.Function;

/**
 * The bundle's Parquet files, with upstream's columns (spec §5.5 and upstream's timeseries schema) followed by
 * Joulebench's extra ones. {@code requests.parquet} is made from the window's {@code requests.csv} (the one request
 * log) through {@link RequestColumns}, so the two cannot disagree; {@code timeseries.parquet} from the bracket's
 * samples through {@link TimeseriesColumns}, as {@code timeseries.csv}.
 */
final class BundleParquet {

    private BundleParquet() {
    }

    /** {@code timeseries.parquet}: the samples in {@link TimeseriesColumns}' Parquet order. */
    static void writeTimeseries(OutputStream out, List<PowerSample> samples, long startNanos) throws IOException {
        List<Object[]> rows = new ArrayList<>(samples.size());
        for (PowerSample s : samples) {
            rows.add(TimeseriesColumns.TABLE.parquetRow(new TimeseriesColumns.Row(s, startNanos)));
        }
        ParquetFile.write(out, TimeseriesColumns.TABLE.parquetColumns(), rows, Map.of(), createdBy());
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
            Function<List<String>, Object[]> parser = RequestColumns.TABLE.parser(header == null ? List.of() : header);
            List<String> record;
            while (header != null && (record = reader.readRecord()) != null) {
                rows.add(parser.apply(record));
            }
        }
        ParquetFile.write(out, RequestColumns.TABLE.parquetColumns(), rows, metadata, createdBy());
    }

    private static String createdBy() {
        return "joulebench version " + ToolVersion.get();
    }
}
