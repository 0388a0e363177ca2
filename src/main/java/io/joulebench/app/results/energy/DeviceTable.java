package io.joulebench.app.results.energy;

import io.joulebench.core.results.DeviceColumn;
import io.joulebench.core.results.DevicesCsv;
import io.joulebench.core.results.GroupFigures;
import io.joulebench.core.results.GroupFigures.GroupFigure;
import io.joulebench.core.results.WindowRow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A results folder's device table (devices.csv) grouped by window id, and for windows whose devices are in groups,
 * the groups' figures as each window's result.json states them.
 */
public record DeviceTable(Map<String, List<DeviceLine>> byWindow, Map<String, List<GroupFigure>> groups) {

    public static final DeviceTable EMPTY = new DeviceTable(Map.of(), Map.of());

    public DeviceTable {
        byWindow = Map.copyOf(byWindow);
        groups = Map.copyOf(groups);
    }

    /** Reads {@code folder}'s devices.csv and its grouped windows' result.json; empty when the run wrote none. */
    public static DeviceTable read(Path folder) throws IOException {
        Map<String, List<DeviceLine>> byWindow = new LinkedHashMap<>();
        for (Map<String, String> cells : DevicesCsv.read(folder)) {
            DeviceLine line = line(new WindowRow(cells));
            byWindow.computeIfAbsent(line.window(), k -> new ArrayList<>()).add(line);
        }
        Map<String, List<GroupFigure>> groups = new LinkedHashMap<>();
        for (Map.Entry<String, List<DeviceLine>> w : byWindow.entrySet()) {
            if (w.getValue().stream().anyMatch(l -> !l.group().isEmpty())) {
                groups.put(w.getKey(), GroupFigures.read(folder.resolve(w.getKey())));
            }
        }
        return new DeviceTable(byWindow, groups);
    }

    private static DeviceLine line(WindowRow r) {
        return new DeviceLine(r.text(DeviceColumn.EXPERIMENT_ID.header()), r.text(DeviceColumn.LEVEL_INDEX.header()),
                r.text(DeviceColumn.WINDOW_INDEX.header()), r.text(DeviceColumn.DOMAIN.header()),
                r.text(DeviceColumn.DEVICE_INDEX.header()), r.text(DeviceColumn.DEVICE_NAME.header()),
                r.text(DeviceColumn.ARCHITECTURE.header()), r.text(DeviceColumn.DEVICE_GROUP.header()),
                number(r, DeviceColumn.ENERGY_J), number(r, DeviceColumn.MEAN_POWER_W),
                r.text(DeviceColumn.ENERGY_KIND.header()), r.text(DeviceColumn.ENERGY_METHOD.header()),
                r.text(DeviceColumn.ENERGY_SOURCE.header()));
    }

    private static Double number(WindowRow r, DeviceColumn c) {
        return r.number(c.header()).isPresent() ? r.number(c.header()).getAsDouble() : null;
    }

    public List<DeviceLine> linesOf(String windowId) {
        return byWindow.getOrDefault(windowId, List.of());
    }

    public List<GroupFigure> groupsOf(String windowId) {
        return groups.getOrDefault(windowId, List.of());
    }
}
