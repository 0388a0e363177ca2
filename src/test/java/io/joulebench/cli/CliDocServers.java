package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.joulebench.cli.CliDocExamples.Example;
import io.joulebench.testing.JoulebenchChild;
import java.io.IOException;
import java.net.URISyntaxException;
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

    /** One started example and its child JVM. */
    private record Child(Example example, JoulebenchChild jvm) {
        Process process() {
            return jvm.process();
        }

        String output() {
            return jvm.output();
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
        String line = child.jvm().awaitMatch(ready, START_TIMEOUT);
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
        List<String> options = new ArrayList<>(List.of(
                "-Dlogback.configurationFile=" + resource("/cli-doc-child-logback.xml"), "-Xmx384m",
                // short-lived servers on a small machine: the quick compiler and one GC thread leave the CPU to
                // the examples that run beside them
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        if (gui) {
            options.addAll(List.of("-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw",
                    "-Dprism.text=t2k", "-Djava.awt.headless=true"));
        }
        return new Child(example, JoulebenchChild.start(home, workDir, options, Map.of(), args));
    }

    private static String resource(String name) {
        try {
            return Path.of(CliDocServers.class.getResource(name).toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
