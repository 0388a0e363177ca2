package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/** Picocli usage errors, on every command of the tree: one line naming the option, the help hint on it, exit 2. */
class UsageErrorTest {

    private record Run(int exit, String out, String err) {
    }

    private static Run run(List<String> args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = JoulebenchCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args.toArray(String[]::new));
        return new Run(exit, out.toString(), err.toString());
    }

    /** Every command path below the root, e.g. [bench, issuance], found from the tree so a new command is covered. */
    static Stream<List<String>> commandPaths() {
        List<List<String>> paths = new ArrayList<>();
        paths.add(List.of());
        collect(JoulebenchCommand.commandLine(), List.of(), paths);
        return paths.stream();
    }

    private static void collect(CommandLine parent, List<String> prefix, List<List<String>> paths) {
        parent.getSubcommands().forEach((name, sub) -> {
            if (!sub.getCommandSpec().name().equals(name) || name.equals("help")) {
                return; // an alias; picocli's help takes any word as the name of a command to describe
            }
            List<String> path = new ArrayList<>(prefix);
            path.add(name);
            paths.add(List.copyOf(path));
            collect(sub, path, paths);
        });
    }

    private static void assertOneUsageLine(Run run, String command, String option) {
        assertThat(run.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.err().lines().toList()).as("stderr of %s", command).hasSize(1).first().asString()
                .startsWith("joulebench: ").contains(option).endsWith("(see '" + command + " --help')");
        assertThat(run.err()).doesNotContain("\tat ").doesNotContain("Try '");
        assertThat(run.out()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commandPaths")
    void an_unknown_option_is_one_line_naming_it_on_every_command(List<String> path) {
        List<String> args = new ArrayList<>(path);
        args.add("--no-such-option");
        String command = String.join(" ", Stream.concat(Stream.of("joulebench"), path.stream()).toList());
        assertOneUsageLine(run(args), command, "'--no-such-option'");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "schedule --rate 1 --rate 2 --count 3|joulebench schedule|--rate",
        "schedule --count 3 --rate|joulebench schedule|--rate",
        "engine --port abc|joulebench engine|--port",
        "engine --gpus|joulebench engine|--gpus",
        "schedule --rat 1 --count 3|joulebench schedule|--rat",
        "run --no-such-option|joulebench run|--no-such-option",
    })
    void repeated_missing_and_mistyped_values_are_one_line_naming_the_option(String args, String command,
                                                                             String option) {
        assertOneUsageLine(run(List.of(args.split(" "))), command, "'" + option + "'");
    }

    @Test
    void a_near_miss_keeps_picocli_suggestion_on_the_same_line() {
        Run run = run(List.of("schedule", "--rat", "1", "--count", "3"));
        assertThat(run.err().strip()).contains("Unknown options: '--rat', '1'").contains("did you mean --rate?");
    }
}
