package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The command lists of {@code joulebench --help} (and {@code bench --help}): one line per command that stands alone. */
class CommandSummaryTest {

    /** The lines of the "Commands:" section of a command's help at picocli's default 80 columns. */
    private static List<String> commandLines(CommandLine cl) {
        String help = cl.getUsageMessage(CommandLine.Help.Ansi.OFF);
        List<String> lines = new ArrayList<>();
        boolean in = false;
        for (String line : help.split("\\R")) {
            if (line.equals("Commands:")) {
                in = true;
            } else if (in && line.isBlank()) {
                break;
            } else if (in) {
                lines.add(line);
            }
        }
        return lines;
    }

    private static void assertOneStandaloneLineEach(CommandLine cl) {
        List<String> lines = commandLines(cl);
        assertThat(lines).as("the command list of %s", cl.getCommandName()).isNotEmpty();
        assertThat(lines).as("no summary wraps onto a second line").hasSameSizeAs(cl.getSubcommands().keySet()
                .stream().filter(name -> cl.getSubcommands().get(name).getCommandName().equals(name))
                .filter(name -> !cl.getSubcommands().get(name).getCommandSpec().usageMessage().hidden()).toList());
        for (String line : lines) {
            assertThat(line).as("a summary is a sentence of its own").matches("  \\S+ +\\S.*\\.$");
            assertThat(line.length()).isLessThanOrEqualTo(80);
        }
    }

    @Test
    void every_command_in_the_root_help_has_a_one_line_summary_that_ends_as_a_sentence() {
        CommandLine root = JoulebenchCommand.commandLine();
        assertOneStandaloneLineEach(root);
        assertThat(commandLines(root)).anySatisfy(l -> assertThat(l).startsWith("  reap "))
                .anySatisfy(l -> assertThat(l).startsWith("  engine "));
    }

    @Test
    void every_bench_subcommand_has_a_one_line_summary_that_ends_as_a_sentence() {
        assertOneStandaloneLineEach(JoulebenchCommand.commandLine().getSubcommands().get("bench"));
    }
}
