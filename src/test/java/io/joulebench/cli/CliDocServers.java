package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.joulebench.cli.CliDocExamples.Example;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code # runs until stopped} examples of docs/cli.md, each started as a real child JVM ({@code io.joulebench.Main}
 * on this JVM's class path, in the scratch working directory, with a scratch {@code user.home}) and left running
 * until {@link #stopAll()}: a server until it prints {@code listening on URL}, the workbench until its window is up
 * (headless, through Monocle). A fixed {@code --port N} is run as {@code --port 0}; the URL the doc shows for a
 * server is then mapped to the one it really listens on, so later examples that name it reach it.
 */
final class CliDocServers implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("^listening on (http://\\S+)$");
    private static final String WINDOW_SHOWN = "Workbench window shown";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

    /** One started example: its process and everything it printed. */
    private record Child(Example example, Process process, List<String> lines) {
        String output() {
            synchronized (lines) {
                return String.join("\n", lines.stream().filter(java.util.Objects::nonNull).toList());
            }
        }
    }

    private final Path workDir;
    private final Path home;
    private final List<Child> children = new ArrayList<>();
    private final Map<String, String> urls = new LinkedHashMap<>();

    CliDocServers(Path workDir, Path home) {
        this.workDir = workDir;
        this.home = home;
    }

    /** Starts the example and waits until it serves (or shows its window); fails with its output if it does not. */
    void start(Example example) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>();
        for (int i = 0; i < example.args().size(); i++) {
            String a = example.args().get(i);
            if (a.equals("--port") && i + 1 < example.args().size()) {
                args.add(a);
                args.add("0");
                i++;
            } else {
                args.add(a.startsWith("--port=") ? "--port=0" : a);
            }
        }
        boolean gui = example.command().equals("gui");
        Child child = launch(example, args, gui);
        children.add(child);
        Predicate<String> ready = gui ? l -> l.contains(WINDOW_SHOWN) : l -> LISTENING.matcher(l).matches();
        String line = awaitLine(child, ready);
        if (line == null) {
            fail("%s did not %s within %s; it printed:%n%s", example, gui ? "show its window" : "print listening on",
                    START_TIMEOUT, child.output());
        }
        if (gui) {
            assertThat(line).as("%s", example).contains("Joulebench — quickstart");
            return;
        }
        String actual = LISTENING.matcher(line).replaceFirst("$1");
        assertThat(actual).as("%s", example).matches("http://127\\.0\\.0\\.1:\\d+");
        for (String documented : example.output()) {
            Matcher m = LISTENING.matcher(documented.strip());
            if (m.matches()) {
                urls.put(m.group(1), actual);
            }
        }
    }

    /** The arguments with every URL a started server's doc output showed replaced by the one it really has. */
    List<String> pointAtServers(List<String> args) {
        return args.stream().map(a -> {
            String out = a;
            for (Map.Entry<String, String> u : urls.entrySet()) {
                out = out.replace(u.getKey(), u.getValue());
            }
            return out;
        }).toList();
    }

    /** Output text with the servers' real URLs put back as the doc shows them. */
    String asDocumented(String text) {
        String out = text;
        for (Map.Entry<String, String> u : urls.entrySet()) {
            out = out.replace(u.getValue(), u.getKey());
        }
        return out;
    }

    /** Stops every started example as Ctrl-C or a service manager would (SIGTERM); each must exit. */
    void stopAll() throws InterruptedException {
        assertThat(children).as("started examples").isNotEmpty();
        for (Child c : children) {
            assertThat(c.process().isAlive()).as("%s still running when stopped; it printed:%n%s", c.example(),
                    c.output()).isTrue();
            c.process().destroy();
        }
        for (Child c : children) {
            assertThat(c.process().waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS))
                    .as("%s exits on SIGTERM", c.example()).isTrue();
        }
    }

    @Override
    public void close() {
        for (Child c : children) {
            c.process().descendants().forEach(ProcessHandle::destroyForcibly);
            c.process().destroyForcibly();
        }
    }

    private Child launch(Example example, List<String> args, boolean gui) throws IOException {
        Path tmp = Files.createDirectories(home.resolve("tmp"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "-Duser.home=" + home, "-Djava.io.tmpdir=" + tmp,
                "-Dlogback.configurationFile=" + resource("/cli-doc-child-logback.xml"),
                "--enable-native-access=ALL-UNNAMED", "-Xmx384m"));
        if (gui) {
            cmd.addAll(List.of("-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw",
                    "-Dprism.text=t2k", "-Djava.awt.headless=true"));
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.joulebench.Main"));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).directory(workDir.toFile()).start();
        List<String> lines = new ArrayList<>();
        Thread.ofPlatform().daemon().name("cli-doc-child-" + p.pid()).start(() -> drain(p, lines));
        return new Child(example, p, lines);
    }

    private static void drain(Process p, List<String> lines) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                synchronized (lines) {
                    lines.add(line);
                    lines.notifyAll();
                }
            }
        } catch (IOException e) {
            // the child was stopped: its output just ends
        }
        synchronized (lines) {
            lines.add(null);
            lines.notifyAll();
        }
    }

    /** The first line matching {@code ready}, or null when the child ends or the timeout passes first. */
    private static String awaitLine(Child child, Predicate<String> ready) throws InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        int seen = 0;
        synchronized (child.lines()) {
            while (true) {
                while (seen < child.lines().size()) {
                    String line = child.lines().get(seen++);
                    if (line == null) {
                        return null;
                    }
                    if (ready.test(line)) {
                        return line;
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return null;
                }
                child.lines().wait(Math.max(1, left / 1_000_000));
            }
        }
    }

    private static String resource(String name) {
        try {
            return Path.of(CliDocServers.class.getResource(name).toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
