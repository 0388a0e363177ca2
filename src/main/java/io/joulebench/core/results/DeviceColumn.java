package io.joulebench.core.results;

import io.joulebench.core.csv.ColumnTable;
import io.joulebench.core.csv.CsvCells.Kind;
import io.joulebench.core.csv.DeclaredColumn;
import io.joulebench.core.csv.TableColumn;
import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.DeviceInfo;
import io.joulebench.core.energy.EnergyDomain;
import io.joulebench.core.parquet.ParquetFile.Type;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The columns of {@code devices.csv}, in file order: one row per window × metered device (issue 18). Identity and
 * energy provenance are read from the same {@link WindowFacts} as windows.csv, so the two files join on
 * {@code experiment_id} and agree on kind, method and source. Add columns at the end; {@link #TABLE} is the file's
 * generic column table, which the writer iterates.
 */
public enum DeviceColumn implements DeclaredColumn<DeviceColumn.Row> {
    EXPERIMENT_ID("experiment_id", Kind.TEXT, "", Type.STRING, d -> d.window().windowId()),
    LEVEL_INDEX("level_index", Kind.VALUE, "", Type.INT32, d -> d.window().level().levelIndex()),
    WINDOW_INDEX("window_index", Kind.VALUE, "", Type.INT32, d -> d.window().window().windowIndex()),
    DOMAIN("domain", Kind.VALUE, "", Type.STRING, d -> EnergyDomain.of(d.domain().source()).label()),
    DEVICE_INDEX("device_index", Kind.VALUE, "", Type.INT32, d -> d.info().index()),
    DEVICE_UUID("device_uuid", Kind.TEXT, "", Type.STRING, d -> d.info().uuid()),
    DEVICE_NAME("device_name", Kind.TEXT, "", Type.STRING, d -> d.info().name()),
    ARCHITECTURE("architecture", Kind.TEXT, "", Type.STRING, d -> d.info().architecture()),
    DEVICE_GROUP("device_group", Kind.TEXT, "", Type.STRING, Row::group),
    ENERGY_J("energy_j", Kind.VALUE, "J", Type.DOUBLE, Row::energyJ),
    ENERGY_KIND("energy_kind", Kind.VALUE, "", Type.STRING, d -> d.domain().kind().label()),
    ENERGY_METHOD("energy_method", Kind.VALUE, "", Type.STRING, d -> d.domain().method().label()),
    ENERGY_SOURCE("energy_source", Kind.TEXT, "", Type.STRING, d -> d.domain().source()),
    DURATION_S("duration_s", Kind.VALUE, "s", Type.DOUBLE, d -> d.domain().durationSeconds()),
    MEAN_POWER_W("mean_power_w", Kind.VALUE, "W", Type.DOUBLE, Row::meanPowerW);

    /** One device of one window: its position in the devices of the domain result that measured it. */
    public record Row(WindowFacts window, BracketResult domain, int position) {

        public DeviceInfo info() {
            return domain.devices().get(position);
        }

        /** The device's energy; null when the domain's per-device list does not match its devices. */
        public Double energyJ() {
            List<Double> energies = domain.deviceEnergyJ();
            return energies.size() == domain.devices().size() ? energies.get(position) : null;
        }

        /** The device's group, only for a GPU-domain device (group indices name GPUs). */
        public String group() {
            return EnergyDomain.of(domain.source()) == EnergyDomain.GPU
                    ? window.deviceGroups().groupOf(info().index()) : null;
        }

        /** {@code energy_j / duration_s} over the domain's bracket; null without either. */
        public Double meanPowerW() {
            Double j = energyJ();
            double s = domain.durationSeconds();
            return j != null && s > 0 ? j / s : null;
        }
    }

    /** The file's column table, in file order; the constants name its columns for readers. */
    public static final ColumnTable<Row> TABLE = new ColumnTable<>(
            Arrays.stream(values()).map(DeviceColumn::column).toList());

    private final TableColumn<Row> column;

    DeviceColumn(String header, Kind kind, String unit, Type parquetType, Function<Row, Object> value) {
        this.column = new TableColumn<>(header, kind, unit, parquetType, value);
    }

    @Override
    public TableColumn<Row> column() {
        return column;
    }

    /** Every header name, in file order. */
    public static List<String> names() {
        return TABLE.names();
    }

    /** The kind of the column named {@code header}; {@link Kind#UNKNOWN} for a name not in the table. */
    public static Kind kind(String header) {
        return TABLE.kind(header);
    }
}
