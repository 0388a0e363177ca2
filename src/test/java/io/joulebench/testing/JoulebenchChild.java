package io.joulebench.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * {@code io.joulebench.Main} as a real child JVM (this test JVM's java and class path) with its own {@code user.home}
 * ({@code HOME}), {@code java.io.tmpdir} ({@code HOME/tmp}) and working directory ({@code HOME/cwd}), so pid files,
 * logs, temp files and stray relative writes land in folders the test owns. Collects stderr lines
 * and, while it lives, every descendant process (the engines it starts), so a test can prove none outlives it.
 */
public final class JoulebenchChild implements AutoCloseable {

    private final Process process;
    private final List<String> lines = new ArrayList<>();
    private final Set<ProcessHandle> descendants = ConcurrentHashMap.newKeySet();
    private final Thread reader;

    private JoulebenchChild(Process process) {
        this.process = process;
        this.reader = Thread.ofPlatform().daemon().name("child-stderr-" + process.pid()).start(this::drain);
        Thread.ofPlatform().daemon().name("child-tree-" + process.pid()).start(this::watchTree);
    }

    /** Starts {@code joulebench ARGS} with {@code home} as user.home and {@code home/tmp} as java.io.tmpdir. */
    public static JoulebenchChild start(Path home, Map<String, String> env, List<String> args) throws IOException {
        Path cwd = Files.createDirectories(home.resolve("cwd")); // so a stray relative write shows up here
        return start(home, cwd, List.of("-Xmx512m"), env, args);
    }

    /** The same in {@code workDir}, with {@code jvmOptions} (heap, logging, toolkit) before the main class. */
    public static JoulebenchChild start(Path home, Path workDir, List<String> jvmOptions, Map<String, String> env,
                                        List<String> args) throws IOException {
        Path tmp = Files.createDirectories(home.resolve("tmp"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "-Duser.home=" + home, "-Djava.io.tmpdir=" + tmp,
                "--enable-native-access=ALL-UNNAMED"));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.joulebench.Main"));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).directory(workDir.toFile());
        pb.environment().putAll(env);
        return new JoulebenchChild(pb.start());
    }

    public static JoulebenchChild start(Path home, List<String> args) throws IOException {
        return start(home, Map.of(), args);
    }

    private void drain() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                synchronized (lines) {
                    lines.add(line);
                    lines.notifyAll();
                }
            }
        } catch (IOException e) {
            // the child was killed: its output simply ends
        }
        synchronized (lines) {
            lines.add(null);
            lines.notifyAll();
        }
    }

    private void watchTree() {
        while (process.isAlive()) {
            process.descendants().forEach(descendants::add);
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Waits for an output line matching {@code match}; false when the output ends or time runs out first. */
    public boolean awaitLine(Predicate<String> match, Duration timeout) throws InterruptedException {
        return awaitMatch(match, timeout) != null;
    }

    /** The first output line matching {@code match}, or null when the output ends or time runs out first. */
    public String awaitMatch(Predicate<String> match, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        int seen = 0;
        synchronized (lines) {
            while (true) {
                for (; seen < lines.size(); seen++) {
                    String l = lines.get(seen);
                    if (l == null) {
                        return null;
                    }
                    if (match.test(l)) {
                        return l;
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return null;
                }
                TimeUnit.NANOSECONDS.timedWait(lines, left);
            }
        }
    }

    public boolean awaitLine(String contains, Duration timeout) throws InterruptedException {
        return awaitLine(l -> l.contains(contains), timeout);
    }

    /** Waits for the exit and the end of its output; returns the exit code. */
    public int waitFor(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("joulebench did not exit within " + timeout + "; output:\n" + output());
        }
        reader.join(10_000);
        return process.exitValue();
    }

    public void signal(String name) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start().waitFor();
    }

    public Process process() {
        return process;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Every process that descended from the child while it lived. */
    public Set<ProcessHandle> descendantsSeen() {
        return Set.copyOf(descendants);
    }

    public String output() {
        synchronized (lines) {
            return String.join("\n", lines.stream().filter(l -> l != null).toList());
        }
    }

    /** The session ids named by the progress lines ({@code session ID: launching …}). */
    public List<String> sessionIds() {
        return output().lines().filter(l -> l.startsWith("session ") && l.contains(": launching"))
                .map(l -> l.substring("session ".length(), l.indexOf(':'))).distinct().toList();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }
}
