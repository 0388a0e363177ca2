package io.joulebench.app.results.energy;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** A results folder's device table, its lines grouped by window id. */
public record DeviceTable(Map<String, List<DeviceLine>> byWindow) {

    public static final DeviceTable EMPTY = new DeviceTable(Map.of());

    public DeviceTable {
        byWindow = Map.copyOf(byWindow);
    }

    public static DeviceTable of(List<DeviceLine> lines) {
        return new DeviceTable(lines.stream().collect(Collectors.groupingBy(DeviceLine::window,
                java.util.LinkedHashMap::new, Collectors.toList())));
    }

    public List<DeviceLine> linesOf(String windowId) {
        return byWindow.getOrDefault(windowId, List.of());
    }

    public boolean isEmpty() {
        return byWindow.isEmpty();
    }
}
