package io.joulebench.core.results;

import io.joulebench.core.csv.ColumnTable;
import io.joulebench.core.csv.CsvCells.Kind;
import io.joulebench.core.csv.TableColumn;
import io.joulebench.core.csv.TableColumn.Origin;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.parquet.ParquetFile.Type;
import java.math.BigDecimal;
import java.util.function.Function;

/**
 * The one column table of {@code timeseries.csv} and {@code timeseries.parquet}: one row per power sample of the
 * window's bracket. Upstream's columns lead the Parquet file in upstream's order ({@code t}, seconds since the
 * bracket opened, is upstream's and Parquet's only: the CSV has {@code t_s} on the shared monotonic clock); memory,
 * SM clock and instant power are empty where the meter does not read them. Add columns at the end.
 */
final class TimeseriesColumns {

    /** One sample of a bracket that opened at {@code bracketStartNanos} (shared clock). */
    record Row(PowerSample sample, long bracketStartNanos) {
    }

    static final ColumnTable<Row> TABLE = ColumnTable.of(
            column("t", "s", Type.DOUBLE, Origin.UPSTREAM_PARQUET_ONLY,
                    r -> (r.sample().tNanos() - r.bracketStartNanos()) / 1e9),
            column("t_s", "s", Type.DOUBLE, Origin.OURS,
                    r -> BigDecimal.valueOf(r.sample().tNanos(), 9).stripTrailingZeros()),
            // upstream's name for the device index (its loader reads gpu_idx); timeseries.csv said device before
            column("gpu_idx", "", Type.INT32, Origin.UPSTREAM, r -> r.sample().device()),
            column("power_w", "W", Type.DOUBLE, Origin.UPSTREAM, r -> r.sample().powerW()),
            column("temperature_c", "°C", Type.DOUBLE, Origin.UPSTREAM, r -> r.sample().temperatureC()),
            column("throttled", "", Type.BOOLEAN, Origin.OURS, r -> r.sample().throttled()),
            column("memory_used_mib", "MiB", Type.DOUBLE, Origin.UPSTREAM,
                    r -> r.sample().telemetry().memoryUsedMib()),
            column("sm_clock_mhz", "MHz", Type.DOUBLE, Origin.UPSTREAM, r -> r.sample().telemetry().smClockMhz()),
            // the active clock event reasons' names joined by ';' (none when none): words from the driver, text
            new TableColumn<>("throttle_reasons", Kind.TEXT, "", Type.STRING,
                    r -> r.sample().telemetry().throttleReasons()),
            column("power_instant_w", "W", Type.DOUBLE, Origin.OURS, r -> r.sample().telemetry().powerInstantW()));

    private TimeseriesColumns() {
    }

    private static TableColumn<Row> column(String name, String unit, Type type, Origin origin,
                                           Function<Row, Object> value) {
        return new TableColumn<>(name, Kind.VALUE, unit, type, value, origin);
    }
}
