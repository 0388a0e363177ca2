package io.joulebench.core.energy;

import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * CPU package and DRAM energy from the Linux powercap sysfs ({@code intel-rapl:N} packages and their
 * {@code intel-rapl:N:M} dram domains; AMD uses the same names). {@code energy_uj} wraps at
 * {@code max_energy_range_uj}; a wrap between two reads is added back, so reads must come more often than one wrap
 * period (minutes at typical power; a bracket's 10 Hz sampler guarantees it). Power is the counter's rate over the
 * last ≥ 50 ms.
 */
public final class RaplEnergyMeter implements KnownSourceMeter {

    public static final Path DEFAULT_ROOT = Path.of("/sys/class/powercap");
    private static final Pattern DOMAIN = Pattern.compile("intel-rapl:(\\d+)(?::(\\d+))?");
    private static final long MIN_POWER_SPAN_NANOS = 50_000_000L;

    /** Reads one sysfs file; tests substitute one that fails the way an unprivileged read does. */
    @FunctionalInterface
    public interface SysfsReader {
        String read(Path file) throws IOException;
    }

    private static final class Domain {
        final DeviceInfo info;
        final Path energyFile;
        final long rangeUj;
        long lastRawUj;
        long wraps;
        long refNanos;
        double refJ;
        Double powerW;

        Domain(DeviceInfo info, Path energyFile, long rangeUj) {
            this.info = info;
            this.energyFile = energyFile;
            this.rangeUj = rangeUj;
        }

        double energyJ() {
            return (lastRawUj + (double) wraps * rangeUj) / 1e6;
        }
    }

    private final Path root;
    private final Clock clock;
    private final SysfsReader reader;
    private final List<Domain> domains;
    private boolean closed;

    private RaplEnergyMeter(Path root, Clock clock, SysfsReader reader, List<Domain> domains) {
        this.root = root;
        this.clock = clock;
        this.reader = reader;
        this.domains = domains;
    }

    public static RaplEnergyMeter open(Path root) {
        return open(root, Clock.system(), file -> Files.readString(file));
    }

    public static RaplEnergyMeter open(Path root, Clock clock, SysfsReader reader) {
        if (!Files.isDirectory(root)) {
            throw new MeterException("RAPL not available: " + root + " does not exist (no powercap RAPL interface"
                    + " on this machine, e.g. a VM or a non-x86 CPU)");
        }
        List<Path> dirs;
        try (Stream<Path> list = Files.list(root)) {
            dirs = list.filter(p -> selected(p, reader)).sorted(Comparator.comparing(RaplEnergyMeter::sortKey))
                    .toList();
        } catch (IOException e) {
            throw new MeterException("RAPL not available: cannot list " + root + ": " + e.getMessage(), e);
        }
        if (dirs.isEmpty()) {
            throw new MeterException("RAPL not available: no intel-rapl package or dram domains under " + root);
        }
        List<Domain> domains = new ArrayList<>();
        for (Path dir : dirs) {
            String name = readText(reader, dir.resolve("name"));
            Matcher m = DOMAIN.matcher(dir.getFileName().toString());
            m.matches();
            if (m.group(2) != null) {
                String parent = readText(reader, dir.resolveSibling("intel-rapl:" + m.group(1)).resolve("name"));
                name = parent + "/" + name;
            }
            long range = readLong(reader, dir.resolve("max_energy_range_uj"));
            domains.add(new Domain(new DeviceInfo(domains.size(), name, dir.getFileName().toString()),
                    dir.resolve("energy_uj"), range));
        }
        RaplEnergyMeter meter = new RaplEnergyMeter(root, clock, reader, List.copyOf(domains));
        meter.start();
        return meter;
    }

    private void start() {
        long now = clock.nanoTime();
        for (Domain d : domains) {
            d.lastRawUj = readLong(reader, d.energyFile);
            d.refNanos = now;
            d.refJ = d.energyJ();
        }
    }

    private static boolean selected(Path dir, SysfsReader reader) {
        Matcher m = DOMAIN.matcher(dir.getFileName().toString());
        if (!m.matches() || !Files.isDirectory(dir)) {
            return false;
        }
        return m.group(2) == null || readText(reader, dir.resolve("name")).equals("dram");
    }

    private static String sortKey(Path dir) {
        Matcher m = DOMAIN.matcher(dir.getFileName().toString());
        m.matches();
        return String.format("%06d:%06d", Integer.parseInt(m.group(1)),
                m.group(2) == null ? -1 : Integer.parseInt(m.group(2)));
    }

    @Override
    public EnergySource energySource() {
        return EnergySource.RAPL;
    }

    @Override
    public boolean hasEnergyCounter() {
        return true;
    }

    @Override
    public java.util.Map<String, Object> settings() {
        return java.util.Map.of("powercap_root", root.toString());
    }

    @Override
    public List<DeviceInfo> devices() {
        return domains.stream().map(d -> d.info).toList();
    }

    @Override
    public synchronized MeterReading read() {
        if (closed) {
            throw new MeterException("RAPL meter is closed");
        }
        long now = clock.nanoTime();
        List<DeviceReading> readings = new ArrayList<>(domains.size());
        for (Domain d : domains) {
            long raw = readLong(reader, d.energyFile);
            if (raw < d.lastRawUj) {
                d.wraps++;
            }
            d.lastRawUj = raw;
            double energy = d.energyJ();
            if (now - d.refNanos >= MIN_POWER_SPAN_NANOS) {
                d.powerW = Math.max(0, (energy - d.refJ) / ((now - d.refNanos) / 1e9));
                d.refNanos = now;
                d.refJ = energy;
            }
            readings.add(new DeviceReading(d.info.index(), energy, d.powerW, null, null));
        }
        return new MeterReading(now, readings);
    }

    @Override
    public synchronized void close() {
        closed = true;
    }

    private static String readText(SysfsReader reader, Path file) {
        try {
            return reader.read(file).trim();
        } catch (AccessDeniedException e) {
            throw permissionDenied(file, e);
        } catch (NoSuchFileException e) {
            throw new MeterException("RAPL not available: " + file + " is missing", e);
        } catch (IOException e) {
            if (String.valueOf(e.getMessage()).contains("Permission denied")) {
                throw permissionDenied(file, e);
            }
            throw new MeterException("RAPL read failed: " + file + ": " + e.getMessage(), e);
        }
    }

    private static long readLong(SysfsReader reader, Path file) {
        String text = readText(reader, file);
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new MeterException("RAPL read failed: " + file + " holds '" + text + "', not a number", e);
        }
    }

    private static MeterException permissionDenied(Path file, IOException cause) {
        return new MeterException("RAPL counter not readable: permission denied on " + file + ". Run as root, or"
                + " grant read access: sudo chmod o+r " + file.getParent().getParent() + "/intel-rapl:*/energy_uj "
                + file.getParent().getParent() + "/intel-rapl:*/intel-rapl:*/energy_uj (Linux 5.10+ makes it"
                + " root-only)", cause);
    }

    @Override
    public String toString() {
        return "RaplEnergyMeter[" + root + "]";
    }
}
