package io.joulebench.core.energy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Where CPU time comes from: a process tree, a cgroup, or the whole machine. Cumulative CPU seconds. A server whose
 * processes are not in this machine's process table (a remote Docker daemon) has no source: {@link Unavailable}.
 */
public sealed interface CpuTimeSource {

    /** The cgroup filesystem of this machine. */
    Path DEFAULT_CGROUP_ROOT = Path.of("/sys/fs/cgroup");

    /** Cumulative CPU-seconds used so far. */
    double cpuSeconds(Path procRoot, long ticksPerSecond) throws IOException;

    /** A short description for the device name. */
    String describe();

    /** {@code process-tree}, {@code cgroup}, {@code machine} or {@code unavailable}, for the results. */
    String kind();

    /**
     * A container's CPU time: its cgroup when {@code /proc/PID/cgroup} of its init process names a cgroup that is
     * readable here (v2 {@code cpu.stat}, or v1 {@code cpuacct.usage} under {@code cpuacct} or {@code cpu,cpuacct}),
     * else the init process's tree. The cgroup also counts processes the container started outside that tree.
     */
    static CpuTimeSource forContainer(long pid, Path procRoot, Path cgroupRoot) {
        List<String> lines;
        try {
            lines = Files.readAllLines(procRoot.resolve(Long.toString(pid)).resolve("cgroup"));
        } catch (IOException | RuntimeException e) {
            return new ProcessTree(pid);
        }
        for (String line : lines) {
            String[] f = line.split(":", 3);
            if (f.length < 3 || !f[2].startsWith("/")) {
                continue;
            }
            String rel = f[2].substring(1);
            List<Path> candidates = new ArrayList<>();
            if (f[0].equals("0") && f[1].isEmpty()) {
                candidates.add(cgroupRoot.resolve(rel));
            } else if (List.of(f[1].split(",")).contains("cpuacct")) {
                candidates.add(cgroupRoot.resolve(f[1]).resolve(rel));
                candidates.add(cgroupRoot.resolve("cpuacct").resolve(rel));
                candidates.add(cgroupRoot.resolve("cpu,cpuacct").resolve(rel));
            }
            for (Path dir : candidates) {
                Cgroup cgroup = new Cgroup(dir.normalize());
                try {
                    cgroup.cpuSeconds(procRoot, 100);
                    return cgroup;
                } catch (IOException | RuntimeException e) {
                    // not this one: unreadable here, or another hierarchy
                }
            }
        }
        return new ProcessTree(pid);
    }

    /** A process and all its descendants (live ones from /proc/PID/stat, reaped ones through cutime/cstime). */
    record ProcessTree(long pid) implements CpuTimeSource {
        @Override
        public double cpuSeconds(Path procRoot, long ticksPerSecond) throws IOException {
            Map<Long, List<Long>> children = new HashMap<>();
            Map<Long, Long> ticks = new HashMap<>();
            try (Stream<Path> dirs = Files.list(procRoot)) {
                for (Path dir : dirs.filter(d -> d.getFileName().toString().chars().allMatch(Character::isDigit))
                        .toList()) {
                    String[] f = statFields(dir.resolve("stat"));
                    if (f == null) {
                        continue;
                    }
                    long pid = Long.parseLong(dir.getFileName().toString());
                    children.computeIfAbsent(Long.parseLong(f[1]), p -> new ArrayList<>()).add(pid);
                    ticks.put(pid, Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13])
                            + Long.parseLong(f[14]));
                }
            }
            if (!ticks.containsKey(pid)) {
                throw new MeterException("process " + pid + " not found in " + procRoot + " (has it exited?)");
            }
            long total = 0;
            Deque<Long> todo = new ArrayDeque<>(List.of(pid));
            while (!todo.isEmpty()) {
                long p = todo.pop();
                total += ticks.getOrDefault(p, 0L);
                todo.addAll(children.getOrDefault(p, List.of()));
            }
            return total / (double) ticksPerSecond;
        }

        /** Fields after the command name: [0] = state (field 3), [1] = ppid, [11..14] = utime stime cutime cstime. */
        private static String[] statFields(Path stat) {
            try {
                String text = Files.readString(stat);
                int close = text.lastIndexOf(')');
                String[] f = text.substring(close + 1).trim().split("\\s+");
                return f.length > 14 ? f : null;
            } catch (IOException | RuntimeException e) {
                return null; // the process exited between listing and reading
            }
        }

        @Override
        public String describe() {
            return "process tree " + pid;
        }

        @Override
        public String kind() {
            return "process-tree";
        }
    }

    /** A cgroup directory: v2 {@code cpu.stat usage_usec}, else v1 {@code cpuacct.usage} (ns). */
    record Cgroup(Path dir) implements CpuTimeSource {
        @Override
        public double cpuSeconds(Path procRoot, long ticksPerSecond) throws IOException {
            Path v2 = dir.resolve("cpu.stat");
            if (Files.isRegularFile(v2)) {
                for (String line : Files.readAllLines(v2)) {
                    if (line.startsWith("usage_usec ")) {
                        return Long.parseLong(line.substring(11).trim()) / 1e6;
                    }
                }
                throw new MeterException(v2 + " has no usage_usec line");
            }
            Path v1 = dir.resolve("cpuacct.usage");
            if (Files.isRegularFile(v1)) {
                return Long.parseLong(Files.readString(v1).trim()) / 1e9;
            }
            throw new NoSuchFileException(dir + " has neither cpu.stat (cgroup v2) nor cpuacct.usage (cgroup v1)");
        }

        @Override
        public String describe() {
            return "cgroup " + dir;
        }

        @Override
        public String kind() {
            return "cgroup";
        }
    }

    /** Every CPU: the busy jiffies of /proc/stat's first line (user nice system irq softirq steal). */
    record Machine() implements CpuTimeSource {
        @Override
        public double cpuSeconds(Path procRoot, long ticksPerSecond) throws IOException {
            String first = Files.readAllLines(procRoot.resolve("stat")).getFirst();
            String[] f = first.trim().split("\\s+");
            long busy = 0;
            for (int i : new int[] {1, 2, 3, 6, 7, 8}) {
                busy += i < f.length ? Long.parseLong(f[i]) : 0;
            }
            return busy / (double) ticksPerSecond;
        }

        @Override
        public String describe() {
            return "machine";
        }

        @Override
        public String kind() {
            return "machine";
        }
    }

    /** No CPU time can be read here; {@code reason} says why and what to do. A meter on it refuses to open. */
    record Unavailable(String reason) implements CpuTimeSource {
        @Override
        public double cpuSeconds(Path procRoot, long ticksPerSecond) {
            throw new MeterException(reason);
        }

        @Override
        public String describe() {
            return "unavailable";
        }

        @Override
        public String kind() {
            return "unavailable";
        }
    }
}
