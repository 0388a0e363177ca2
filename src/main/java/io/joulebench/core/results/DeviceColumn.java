package io.joulebench.core.results;

import io.joulebench.core.csv.CsvCells.Kind;
import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.DeviceInfo;
import io.joulebench.core.energy.EnergyDomain;
import java.util.List;
import java.util.function.Function;

/**
 * The columns of {@code devices.csv}, in file order: one row per window × metered device (issue 18). Identity and
 * energy provenance are read from the same {@link WindowFacts} as windows.csv, so the two files join on
 * {@code experiment_id} and agree on kind, method and source. Add columns at the end.
 */
public enum DeviceColumn {
    EXPERIMENT_ID("experiment_id", Kind.TEXT, "", d -> d.window().windowId()),
    LEVEL_INDEX("level_index", Kind.VALUE, "", d -> d.window().level().levelIndex()),
    WINDOW_INDEX("window_index", Kind.VALUE, "", d -> d.window().window().windowIndex()),
    DOMAIN("domain", Kind.VALUE, "", d -> EnergyDomain.of(d.domain().source()).label()),
    DEVICE_INDEX("device_index", Kind.VALUE, "", d -> d.info().index()),
    DEVICE_UUID("device_uuid", Kind.TEXT, "", d -> d.info().uuid()),
    DEVICE_NAME("device_name", Kind.TEXT, "", d -> d.info().name()),
    ARCHITECTURE("architecture", Kind.TEXT, "", d -> d.info().architecture()),
    DEVICE_GROUP("device_group", Kind.TEXT, "", Row::group),
    ENERGY_J("energy_j", Kind.VALUE, "J", Row::energyJ),
    ENERGY_KIND("energy_kind", Kind.VALUE, "", d -> d.domain().kind().label()),
    ENERGY_METHOD("energy_method", Kind.VALUE, "", d -> d.domain().method().label()),
    ENERGY_SOURCE("energy_source", Kind.TEXT, "", d -> d.domain().source()),
    DURATION_S("duration_s", Kind.VALUE, "s", d -> d.domain().durationSeconds()),
    MEAN_POWER_W("mean_power_w", Kind.VALUE, "W", Row::meanPowerW);

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

    private static final List<String> NAMES = java.util.Arrays.stream(values()).map(DeviceColumn::header).toList();

    private final String header;
    private final Kind kind;
    private final String unit;
    private final Function<Row, Object> value;

    DeviceColumn(String header, Kind kind, String unit, Function<Row, Object> value) {
        this.header = header;
        this.kind = kind;
        this.unit = unit;
        this.value = value;
    }

    public String header() {
        return header;
    }

    public Kind kind() {
        return kind;
    }

    public String unit() {
        return unit;
    }

    public Object value(Row row) {
        return value.apply(row);
    }

    /** Every header name, in file order. */
    public static List<String> names() {
        return NAMES;
    }

    /** The kind of the column named {@code header}; {@link Kind#UNKNOWN} for a name not in the table. */
    public static Kind kind(String header) {
        int i = NAMES.indexOf(header);
        return i < 0 ? Kind.UNKNOWN : values()[i].kind;
    }
}
