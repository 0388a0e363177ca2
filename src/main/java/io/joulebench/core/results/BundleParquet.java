package io.joulebench.core.results;

import io.joulebench.core.ToolVersion;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.parquet.ParquetFile;
import io.joulebench.core.window.RequestColumns;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The bundle's Parquet files, with upstream's columns (spec §5.5 and upstream's timeseries schema) followed by
 * Joulebench's extra ones. {@code requests.parquet} is made from the same typed rows as {@code requests.csv}, through
 * {@link RequestColumns}, so the two cannot disagree; {@code timeseries.parquet} from the bracket's samples through
 * {@link TimeseriesColumns}, as {@code timeseries.csv}.
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
     * {@code requests.parquet}: rows already in {@link RequestColumns}' Parquet order ({@link BundleRequests} makes
     * them from the typed rows); the footer carries upstream's identity metadata.
     */
    static void writeRequests(OutputStream out, List<Object[]> rows, Map<String, String> metadata) throws IOException {
        ParquetFile.write(out, RequestColumns.TABLE.parquetColumns(), rows, metadata, createdBy());
    }

    private static String createdBy() {
        return "joulebench version " + ToolVersion.get();
    }
}
