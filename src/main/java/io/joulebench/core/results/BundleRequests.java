package io.joulebench.core.results;

import io.joulebench.core.window.RequestColumns;
import io.joulebench.core.window.RequestLogSpill;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A window bundle's {@code requests.csv} and {@code requests.parquet}, each written once from the typed rows the
 * level spilled ({@link RequestLogSpill}), with their attributed joules: one pass over the spill streams the CSV
 * lines and collects the Parquet rows, both from {@link RequestColumns}. Neither file is read back.
 */
final class BundleRequests {

    private BundleRequests() {
    }

    /**
     * Writes both files into {@code bundle} (each forced to disk).
     *
     * @param spill the window's spilled rows, or null or absent: then both files hold no row
     */
    static void write(Path bundle, Path spill, Map<String, String> parquetMetadata) throws IOException {
        Path csv = bundle.resolve(BundleWriter.REQUESTS);
        List<Object[]> parquetRows = new ArrayList<>();
        try (Writer out = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
            out.write(RequestColumns.TABLE.headerLine());
            out.write("\r\n");
            if (spill != null && Files.isRegularFile(spill)) {
                RequestLogSpill.read(spill, row -> {
                    out.write(RequestColumns.TABLE.csvLine(row));
                    out.write("\r\n");
                    parquetRows.add(RequestColumns.TABLE.parquetRow(row));
                });
            }
        }
        AtomicFiles.sync(csv);
        Path parquet = bundle.resolve(BundleWriter.REQUESTS_PARQUET);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(parquet))) {
            BundleParquet.writeRequests(out, parquetRows, parquetMetadata);
        }
        AtomicFiles.sync(parquet);
    }
}
