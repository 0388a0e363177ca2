package io.joulebench.core.energy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * {@code measurement.device_groups}: named sets of device indices (prefill and decode GPUs, one set per replica)
 * whose energy is reported apiece. Groups are kept in name order, so the label and every per-group map read the same
 * way in each file. A device belongs to at most one group (the study loader checks it); devices in no group still
 * count towards the window's total.
 */
public record DeviceGroups(SortedMap<String, List<Integer>> groups) {

    public static final DeviceGroups NONE = new DeviceGroups(new TreeMap<>());

    public DeviceGroups {
        TreeMap<String, List<Integer>> copy = new TreeMap<>();
        groups.forEach((name, devices) -> copy.put(name, List.copyOf(devices)));
        groups = Collections.unmodifiableSortedMap(copy);
    }

    public static DeviceGroups of(Map<String, List<Integer>> groups) {
        return groups == null || groups.isEmpty() ? NONE : new DeviceGroups(new TreeMap<>(groups));
    }

    public boolean isEmpty() {
        return groups.isEmpty();
    }

    /** The group holding device {@code index}, or null. */
    public String groupOf(int index) {
        for (Map.Entry<String, List<Integer>> g : groups.entrySet()) {
            if (g.getValue().contains(index)) {
                return g.getKey();
            }
        }
        return null;
    }

    /** {@code decode=2,3;prefill=0,1}: the windows.csv cell; null without groups. */
    public String label() {
        if (groups.isEmpty()) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        groups.forEach((name, devices) -> parts.add(name + "=" + String.join(",",
                devices.stream().map(String::valueOf).toList())));
        return String.join(";", parts);
    }

    /**
     * Each group's energy in the bracket: the sum of its devices' energies. A group's value is null when the bracket
     * is not of the GPU domain (device indices name GPUs), a device of the group was not metered, or one of its
     * devices' energy is unknown: a partial sum would pass for the group's energy.
     */
    public Map<String, Double> energyJ(BracketResult b) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (Map.Entry<String, List<Integer>> g : groups.entrySet()) {
            out.put(g.getKey(), b == null ? null : sum(b, g.getValue()));
        }
        return out;
    }

    private static Double sum(BracketResult b, List<Integer> indices) {
        List<DeviceInfo> devices = b.devices();
        List<Double> energies = b.deviceEnergyJ();
        if (EnergyDomain.of(b.source()) != EnergyDomain.GPU || devices.size() != energies.size()) {
            return null;
        }
        double sum = 0;
        for (int index : indices) {
            int at = -1;
            for (int i = 0; i < devices.size(); i++) {
                if (devices.get(i).index() == index) {
                    at = i;
                }
            }
            if (at < 0 || energies.get(at) == null) {
                return null;
            }
            sum += energies.get(at);
        }
        return sum;
    }
}
