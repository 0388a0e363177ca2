package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's and subcommand's help renders cleanly: picocli formats descriptions with {@code String.format},
 * so a lone {@code %} ("95 % intervals") makes it print "[picocli WARN] Could not format …" on stderr above the help.
 */
class EveryHelpRendersTest {

    @Test
    void every_commands_help_renders_without_a_picocli_warning_or_an_exception() {
        List<CommandLine> all = new ArrayList<>();
        collect(JoulebenchCommand.commandLine(), all);
        assertThat(all).extracting(c -> c.getCommandSpec().qualifiedName())
                .contains("joulebench compare", "joulebench bench null-server", "joulebench resume");
        PrintStream before = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            for (CommandLine c : all) {
                String help = c.getUsageMessage(CommandLine.Help.Ansi.OFF);
                assertThat(help).as(c.getCommandSpec().qualifiedName()).contains("Usage:");
            }
        } finally {
            System.setErr(before);
        }
        assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain("[picocli WARN]").doesNotContain("Exception");
    }

    /** An option a help names is its own or a subcommand's, unless it says whose ("sbatch --x", "engine's --x"). */
    @Test
    void no_help_names_an_option_its_command_lacks() {
        List<CommandLine> all = new ArrayList<>();
        collect(JoulebenchCommand.commandLine(), all);
        for (CommandLine c : all) {
            String help = c.getUsageMessage(CommandLine.Help.Ansi.OFF);
            java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                    "(?<!sbatch )(?<!'s )(?<![\\w=-])--[a-z][a-z0-9-]*").matcher(help);
            while (m.find()) {
                String option = m.group();
                boolean known = c.getCommandSpec().findOption(option) != null
                        || all.stream().anyMatch(o -> o != c && o.getCommandSpec().parent() == c.getCommandSpec()
                        && o.getCommandSpec().findOption(option) != null);
                assertThat(known).as(c.getCommandSpec().qualifiedName() + "'s help names " + option).isTrue();
            }
        }
    }

    private static void collect(CommandLine c, List<CommandLine> into) {
        into.add(c);
        c.getSubcommands().values().stream().distinct().forEach(s -> collect(s, into));
    }
}
