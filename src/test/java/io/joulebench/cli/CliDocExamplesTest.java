package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.joulebench.cli.CliDocExamples.Example;
import io.joulebench.core.energy.FakeNvml;
import io.joulebench.core.server.HostEnvironment;
import io.joulebench.core.time.Clock;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.ParseResult;

/**
 * Every {@code $ joulebench …} line of docs/cli.md runs as written, in a scratch working directory that holds a copy
 * of {@code examples/}, over a {@link HostEnvironment} with a scratch home (so {@code reap} and pid files stay in it; no
 * test sets {@code user.home}); it must exit 0, or the code its {@code # exit N} comment names. Commands run
 * in-process; relative path arguments (the options and parameters picocli types as {@link Path} or {@link File}) are
 * resolved against that directory, and a glob in one is expanded there as a shell would, so
 * {@code results/smoke-*} finds the folder an earlier example wrote.
 *
 * <p>{@code # runs until stopped} examples are started first as child JVMs ({@link CliDocServers}): each must print
 * {@code listening on URL} (the workbench: show its window) and exit on SIGTERM once the others have run; the URL a
 * server's documented output shows reaches the real one in later examples. {@code # needs: …} marks an example that
 * needs hardware this machine lacks: it is only parsed. A subcommand that is not registered fails.
 *
 * <p>Documented output is compared where it does not depend on the machine or the clock: the commands in
 * {@link #STABLE} and every example that must fail (its message). In the doc, {@code …} stands for any text, a line
 * of only {@code …} for any lines, and {@code …/} for any leading folders; {@code --version} is compared by format.
 *
 * <p>A {@code --duration} longer than {@link #LONGEST_DURATION_S} runs that long here: the doc shows the length a
 * measurement wants (a 20 s {@code bench issuance} level), while this test proves the command runs as written, which
 * the same traffic over 2 s shows as well (every word is still parsed as documented). The {@code bench issuance}
 * examples need no file an earlier example wrote and write none a later one reads, and mostly wait on their schedules:
 * they run at the same time, started when the first of them is reached, and each is judged on its own.
 */
class CliDocExamplesTest {

    private static final Path DOC = Path.of("docs/cli.md");
    private static final Duration PER_EXAMPLE = Duration.ofMinutes(3);
    /** Commands whose output is the same on every machine and every run. */
    static final Set<String> STABLE = Set.of("--version", "--help", "help", "validate", "schedule", "export");
    /** The longest {@code --duration} (seconds) an example runs with here. */
    static final double LONGEST_DURATION_S = 2;

    @TempDir
    Path workDir;
    private CliDocServers servers;
    private List<Example> examples;
    /** The runs of the examples that {@link #runsAlongside}, by line, once the first of them is reached. */
    private Map<Integer, Future<Run>> alongside;
    private ExecutorService alongsideThreads;

    record Run(int exit, String out, String err) {
    }

    /** Arguments pointed at the working directory, and each rewritten path with the word it came from. */
    record Localized(List<String> args, Map<String, String> originals) {
    }

    @AfterEach
    void stopServers() {
        if (alongsideThreads != null) {
            alongsideThreads.shutdownNow();
        }
        if (servers != null) {
            servers.close();
        }
    }

    @TestFactory
    Stream<DynamicTest> every_example_in_cli_md_runs_as_documented() throws IOException {
        copyTree(Path.of("examples"), workDir.resolve("examples"));
        Path home = Files.createDirectories(workDir.resolve(".home"));
        servers = new CliDocServers(workDir, home);
        examples = CliDocExamples.read(DOC).examples();
        Stream<DynamicTest> started = examples.stream().filter(Example::runsUntilStopped)
                .map(e -> DynamicTest.dynamicTest(e + " (started)", () -> {
                    assertRegistered(e);
                    servers.start(e);
                }));
        Stream<DynamicTest> run = examples.stream().filter(e -> !e.runsUntilStopped())
                .map(e -> DynamicTest.dynamicTest(e.toString(), () -> check(e, home)));
        Stream<DynamicTest> stopped = Stream.of(DynamicTest.dynamicTest(
                "cli.md: every example that runs until stopped exits on SIGTERM", servers::stopAll));
        return Stream.of(started, run, stopped).flatMap(s -> s);
    }

    private void check(Example example, Path home) throws Exception {
        assertRegistered(example);
        if (example.needs() != null) {
            assertThat(example.needs()).as("%s says what it needs", example).isNotBlank();
            assertThatCode(() -> JoulebenchCommand.commandLine().parseArgs(example.args().toArray(String[]::new)))
                    .as("%s must at least parse", example).doesNotThrowAnyException();
            return;
        }
        if (example.args().contains("nvml")) {
            FakeNvml.configure("gpus=2"); // the fake libnvidia-ml.so the test phase built, in its default state
        }
        Localized localized = localize(servers.pointAtServers(example.args()), workDir);
        List<String> args = shortened(localized.args());
        Run run = runsAlongside(example) ? runAlongside(example, home)
                : assertTimeoutPreemptively(PER_EXAMPLE, () -> execute(host(home), args));
        assertThat(run.exit())
                .as("%s%nran as %s%n--- stdout%n%s--- stderr%n%s", example, args, run.out(), run.err())
                .isEqualTo(example.expectedExit());
        if (STABLE.contains(example.command()) || example.expectedExit() != 0) {
            String text = run.out() + run.err();
            for (Map.Entry<String, String> p : localized.originals().entrySet()) {
                text = text.replace(p.getKey(), p.getValue());
            }
            assertOutput(example, servers.asDocumented(text).lines().toList());
        }
    }

    /** An example that needs no file an earlier one wrote and writes none a later one reads. */
    static boolean runsAlongside(Example example) {
        return !example.runsUntilStopped() && example.needs() == null && example.args().size() > 1
                && example.args().get(0).equals("bench") && example.args().get(1).equals("issuance");
    }

    /** Starts every example that runs alongside on the first call, then waits for {@code example}'s own run. */
    private Run runAlongside(Example example, Path home) throws Exception {
        if (alongside == null) {
            alongside = new HashMap<>();
            alongsideThreads = Executors.newCachedThreadPool(Thread.ofPlatform().daemon().name("cli-doc-", 0).factory());
            for (Example e : examples) {
                if (runsAlongside(e)) {
                    List<String> args = shortened(localize(servers.pointAtServers(e.args()), workDir).args());
                    alongside.put(e.lineNumber(), alongsideThreads.submit(() -> execute(host(home), args)));
                }
            }
        }
        Future<Run> run = alongside.get(example.lineNumber());
        try {
            return run.get(PER_EXAMPLE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            run.cancel(true);
            throw new AssertionError(example + " did not end within " + PER_EXAMPLE, e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw (Exception) e.getCause();
        }
    }

    private static HostEnvironment host(Path home) {
        return new HostEnvironment(home, HostEnvironment.system().dockerHost(), Clock.system());
    }

    private static void assertOutput(Example example, List<String> actual) {
        List<String> documented = new ArrayList<>(example.output());
        while (!documented.isEmpty() && documented.get(documented.size() - 1).isBlank()) {
            documented.remove(documented.size() - 1);
        }
        if (documented.isEmpty()) {
            return;
        }
        String shown = String.join("\n", actual);
        if (example.command().equals("--version")) {
            assertThat(actual).as("%s prints%n%s", example, shown).hasSameSizeAs(documented);
            assertThat(actual.get(0)).as("%s", example).isEqualTo(documented.get(0));
            for (int i = 1; i < documented.size(); i++) {
                String label = documented.get(i).substring(0, documented.get(i).indexOf(':') + 1);
                assertThat(actual.get(i)).as("%s line %d", example, i + 1).startsWith(label + " ");
            }
            return;
        }
        assertThat(DocOutput.matches(documented, actual))
                .as("%s prints%n%s%nbut cli.md shows%n%s", example, shown, String.join("\n", documented))
                .isTrue();
    }

    private static void assertRegistered(Example example) {
        assertThat(isRegistered(example.args()))
                .as("%s names a subcommand joulebench does not have", example).isTrue();
    }

    @Test
    void every_registered_command_has_an_example() throws IOException {
        Set<String> documented = new HashSet<>();
        for (Example e : CliDocExamples.read(DOC).examples()) {
            e.args().stream().filter(a -> !a.startsWith("-")).findFirst().ifPresent(documented::add);
        }
        var commands = JoulebenchCommand.commandLine().getSubcommands();
        assertThat(documented).as("every command but the hidden, internal ones (worker)").containsAll(commands
                .keySet().stream().filter(n -> !commands.get(n).getCommandSpec().usageMessage().hidden()).toList());
    }

    @Test
    void documents_servers_hardware_needs_and_the_examples_that_were_once_only_inline() throws IOException {
        List<Example> examples = CliDocExamples.read(DOC).examples();
        List<String> lines = examples.stream().map(Example::text).toList();
        assertThat(lines).anyMatch(l -> l.startsWith("joulebench run ") && l.contains("--dry-run"))
                .anyMatch(l -> l.startsWith("joulebench run ") && !l.contains("--dry-run"))
                .anyMatch(l -> l.startsWith("joulebench resume "))
                .anyMatch(l -> l.startsWith("joulebench export "))
                .anyMatch(l -> l.startsWith("joulebench bench null-server") && l.contains("runs until stopped"))
                .anyMatch(l -> l.startsWith("joulebench bench issuance ") && l.contains("--target"))
                .anyMatch(l -> l.startsWith("joulebench engine ") && l.contains("runs until stopped"))
                .anyMatch(l -> l.startsWith("joulebench gui") && l.contains("runs until stopped"))
                .anyMatch(l -> l.startsWith("joulebench meter --source nvml --gpus 0,1"))
                .anyMatch(l -> l.startsWith("joulebench meter --source dcgm --url") && !l.contains("needs:"))
                .anyMatch(l -> l.startsWith("joulebench meter --source simulated --url"))
                .anyMatch(l -> l.equals("joulebench reap"));
        assertThat(examples).filteredOn(e -> e.needs() != null).extracting(Example::text)
                .singleElement().asString().contains("gpu-node");
    }

    @Test
    void reads_console_blocks_only_with_words_quotes_and_annotations() {
        CliDocExamples doc = CliDocExamples.parse(List.of(
                "$ joulebench outside-a-block",
                "```console",
                "$ joulebench meter --source cpu-estimate --seconds 1",
                "output line, not a command",
                "$ joulebench validate 'my study.yaml'    # exit 2",
                "$ joulebench engine --port 0 # runs until stopped",
                "$ joulebench schedule --rate 10 --count 5 --label \"a # b\"",
                "$ joulebench meter --source dcgm --url http://gpu-node:9400/metrics    # needs: a DCGM exporter",
                "```",
                "```bash",
                "$ joulebench in-another-language",
                "```"));
        assertThat(doc.examples()).extracting(Example::lineNumber).containsExactly(3, 5, 6, 7, 8);
        Example meter = doc.examples().get(0);
        assertThat(meter.args()).containsExactly("meter", "--source", "cpu-estimate", "--seconds", "1");
        assertThat(meter.expectedExit()).isZero();
        assertThat(meter.runsUntilStopped()).isFalse();
        assertThat(meter.output()).containsExactly("output line, not a command");
        assertThat(meter.needs()).isNull();
        assertThat(doc.examples().get(4).needs()).isEqualTo("a DCGM exporter");
        assertThat(doc.examples().get(4).output()).isEmpty();
        Example validate = doc.examples().get(1);
        assertThat(validate.args()).containsExactly("validate", "my study.yaml");
        assertThat(validate.expectedExit()).isEqualTo(2);
        assertThat(doc.examples().get(2).runsUntilStopped()).isTrue();
        assertThat(doc.examples().get(3).args()).endsWith("--label", "a # b");
    }

    @Test
    void relative_path_arguments_and_globs_resolve_in_the_working_directory() throws IOException {
        Files.createDirectories(workDir.resolve("results/smoke-20260101T000000Z"));
        assertThat(localize(List.of("reap", "--dry-run", "--state-dir", "state", "--no-docker"), workDir).args())
                .containsExactly("reap", "--dry-run", "--state-dir", workDir.resolve("state").toString(), "--no-docker");
        assertThat(localize(List.of("meter", "--source", "rapl", "--rapl-root=/abs", "--seconds", "1"), workDir).args())
                .containsExactly("meter", "--source", "rapl", "--rapl-root=/abs", "--seconds", "1");
        Localized smoke = localize(List.of("validate", "results/smoke-*"), workDir);
        assertThat(smoke.args())
                .containsExactly("validate", workDir.resolve("results/smoke-20260101T000000Z").toString());
        assertThat(smoke.originals()).containsEntry(workDir.resolve("results/smoke-20260101T000000Z").toString(),
                "results/smoke-20260101T000000Z");
        assertThat(localize(List.of("validate", "results/none-*"), workDir).args())
                .containsExactly("validate", workDir.resolve("results/none-*").toString());
    }

    @Test
    void only_a_duration_longer_than_the_longest_is_shortened() {
        assertThat(shortened(List.of("bench", "issuance", "--rate", "1000", "--duration", "20", "--prompt-tokens", "20")))
                .containsExactly("bench", "issuance", "--rate", "1000", "--duration", "2", "--prompt-tokens", "20");
        assertThat(shortened(List.of("bench", "issuance", "--duration=20.5")))
                .containsExactly("bench", "issuance", "--duration=2");
        assertThat(shortened(List.of("bench", "issuance", "--duration", "1", "--warmup", "20")))
                .containsExactly("bench", "issuance", "--duration", "1", "--warmup", "20");
        assertThat(shortened(List.of("schedule", "--duration", "x"))).containsExactly("schedule", "--duration", "x");
    }

    /** The words with a {@code --duration} over {@link #LONGEST_DURATION_S} set to it; every other word as is. */
    static List<String> shortened(List<String> args) {
        List<String> out = new ArrayList<>(args);
        String longest = String.valueOf((long) LONGEST_DURATION_S);
        for (int i = 0; i < out.size(); i++) {
            String a = out.get(i);
            if (a.equals("--duration") && i + 1 < out.size() && longerThanLongest(out.get(i + 1))) {
                out.set(i + 1, longest);
            } else if (a.startsWith("--duration=") && longerThanLongest(a.substring("--duration=".length()))) {
                out.set(i, "--duration=" + longest);
            }
        }
        return out;
    }

    private static boolean longerThanLongest(String seconds) {
        try {
            return Double.parseDouble(seconds) > LONGEST_DURATION_S;
        } catch (NumberFormatException e) {
            return false; // an example about a bad value runs as written
        }
    }

    private static boolean isRegistered(List<String> args) {
        return args.stream().filter(a -> !a.startsWith("-")).findFirst()
                .map(JoulebenchCommand.commandLine().getSubcommands()::containsKey)
                .orElse(true);
    }

    private static Run execute(HostEnvironment host, List<String> args) {
        CommandLine cl = JoulebenchCommand.commandLine(host);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args.toArray(String[]::new));
        return new Run(exit, out.toString(), err.toString());
    }

    /** Expands globs, then points every relative path argument at {@code dir}; other words are left alone. */
    static Localized localize(List<String> words, Path dir) throws IOException {
        List<String> args = new ArrayList<>();
        for (String w : words) {
            args.addAll(expandGlob(w, dir));
        }
        Set<String> paths = new HashSet<>();
        try {
            ParseResult parsed = JoulebenchCommand.commandLine().parseArgs(args.toArray(String[]::new));
            for (ParseResult r = parsed; r != null; r = r.subcommand()) {
                for (ArgSpec spec : r.matchedArgs()) {
                    if (isPathTyped(spec)) {
                        paths.addAll(spec.originalStringValues());
                    }
                }
            }
        } catch (CommandLine.ParameterException e) {
            return new Localized(args, Map.of()); // the example is about bad usage: run it as written
        }
        List<String> out = new ArrayList<>();
        Map<String, String> originals = new LinkedHashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            boolean inline = a.startsWith("-") && eq > 0;
            String value = inline ? a.substring(eq + 1) : a;
            if (!paths.contains(value)) {
                out.add(a);
                continue;
            }
            String moved = relocate(value, dir);
            if (!moved.equals(value)) {
                originals.put(moved, value);
            }
            out.add(inline ? a.substring(0, eq + 1) + moved : moved);
        }
        return new Localized(out, originals);
    }

    private static String relocate(String path, Path dir) {
        return Path.of(path).isAbsolute() ? path : dir.resolve(path).toString();
    }

    private static boolean isPathTyped(ArgSpec spec) {
        Class<?> type = spec.type();
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            type = spec.auxiliaryTypes().length > 0 ? spec.auxiliaryTypes()[0] : Object.class;
        }
        return Path.class.isAssignableFrom(type) || File.class.isAssignableFrom(type);
    }

    /** A glob in the last segment of a relative word, matched in {@code dir}; no match leaves it as is (bash). */
    private static List<String> expandGlob(String word, Path dir) throws IOException {
        if (word.startsWith("-") || word.chars().noneMatch(c -> c == '*' || c == '?' || c == '[')) {
            return List.of(word);
        }
        Path pattern = Path.of(word);
        Path parent = pattern.getParent();
        Path where = parent == null ? dir : dir.resolve(parent);
        Set<String> matches = new TreeSet<>();
        if (Files.isDirectory(where)) {
            try (DirectoryStream<Path> found = Files.newDirectoryStream(where, pattern.getFileName().toString())) {
                for (Path p : found) {
                    matches.add(parent == null ? p.getFileName().toString()
                            : parent.resolve(p.getFileName()).toString());
                }
            }
        }
        return matches.isEmpty() ? List.of(word) : List.copyOf(matches);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
