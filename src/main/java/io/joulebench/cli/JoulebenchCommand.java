package io.joulebench.cli;

import io.joulebench.core.server.HostEnvironment;
import java.io.PrintWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** The root command. Subcommands are registered here; each is a class of its own in this package. */
@Command(name = "joulebench",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        scope = CommandLine.ScopeType.INHERIT,
        description = "Energy per generated token of LLM inference servers under open-loop traffic.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:the run itself failed",
            "2:bad input or usage",
            "130:interrupted"
        },
        subcommands = {
            GuiCommand.class,
            BenchCommand.class,
            ScheduleCommand.class,
            ValidateCommand.class,
            RunCommand.class,
            ResumeCommand.class,
            WatchCommand.class,
            WorkerCommand.class,
            ExportCommand.class,
            CompareCommand.class,
            MeterCommand.class,
            GpuCheckCommand.class,
            ReapCommand.class,
            EngineCommand.class,
            CommandLine.HelpCommand.class
        })
public final class JoulebenchCommand implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(JoulebenchCommand.class);

    @Mixin
    LoggingOptions logging;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final HostEnvironment host;

    public JoulebenchCommand() {
        this(HostEnvironment.system());
    }

    /** @param host what every subcommand sees of this machine (home folder, Docker host, clock) */
    JoulebenchCommand(HostEnvironment host) {
        this.host = host;
    }

    /** The host the command line was built over (its root's), for a subcommand; this process's without a root. */
    static HostEnvironment host(CommandLine.Model.CommandSpec spec) {
        return spec.root().userObject() instanceof JoulebenchCommand root ? root.host : HostEnvironment.system();
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Builds the command line with the project's error handling: one line and exit 2 for bad input, never a trace. */
    public static CommandLine commandLine() {
        return commandLine(new CommandLine(new JoulebenchCommand()));
    }

    /**
     * The command line over {@code host} instead of this process's home folder, Docker host and clock (tests: a
     * scratch home, so reaping and pid files stay in it).
     */
    public static CommandLine commandLine(HostEnvironment host) {
        return commandLine(new CommandLine(new JoulebenchCommand(host)));
    }

    /** The command line with {@code run} and {@code resume} using {@code sessions} (tests, the composition root). */
    public static CommandLine commandLine(SessionRunnerProvider sessions) {
        CommandLine.IFactory defaults = CommandLine.defaultFactory();
        return commandLine(new CommandLine(new JoulebenchCommand(), new CommandLine.IFactory() {
            @Override
            @SuppressWarnings("unchecked")
            public <K> K create(Class<K> cls) throws Exception {
                if (cls == RunCommand.class) {
                    return (K) new RunCommand(sessions);
                }
                if (cls == ResumeCommand.class) {
                    return (K) new ResumeCommand(sessions);
                }
                if (cls == WorkerCommand.class) {
                    return (K) new WorkerCommand(sessions, System.getenv());
                }
                return defaults.create(cls);
            }
        }));
    }

    private static CommandLine commandLine(CommandLine cl) {
        cl.setExitCodeExceptionMapper(JoulebenchCommand::exitCodeFor);
        cl.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println(usageError(ex));
            err.flush();
            return ExitCodes.BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            PrintWriter err = commandLine.getErr();
            int code = exitCodeFor(ex);
            if (code == ExitCodes.RUN_FAILED) {
                LOG.debug("command failed", ex);
            }
            err.println("joulebench: " + messageOf(ex));
            return code;
        });
        return cl;
    }

    /**
     * A picocli usage error (unknown or repeated option, missing value, bad type) as one line: the message, which
     * names the option, and the help hint of the command it was meant for.
     */
    static String usageError(CommandLine.ParameterException ex) {
        CommandLine command = ex.getCommandLine();
        String message = messageOf(ex);
        CommandLine.ParseResult partial = command.getParseResult();
        if (ex instanceof CommandLine.MissingParameterException && partial != null && !partial.unmatched().isEmpty()) {
            // picocli checks required parameters before unmatched ones; the typo is the more useful half to show
            message = new CommandLine.UnmatchedArgumentException(command, partial.unmatched()).getMessage()
                    + "; " + message;
        }
        if (ex instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getSuggestions().isEmpty()) {
            message = message + "; did you mean " + String.join(" or ", unmatched.getSuggestions()) + "?";
        }
        return "joulebench: " + message.strip().replaceAll("\\s*\\R\\s*", " ") + " (see '"
                + command.getCommandSpec().qualifiedName() + " --help')";
    }

    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    static int exitCodeFor(Throwable ex) {
        if (ex instanceof UserInputException || ex instanceof CommandLine.ParameterException) {
            return ExitCodes.BAD_INPUT;
        }
        if (ex instanceof InterruptedException) {
            return ExitCodes.INTERRUPTED;
        }
        return ExitCodes.RUN_FAILED;
    }

    private static String messageOf(Throwable ex) {
        String message = ex.getMessage();
        return message == null || message.isBlank() ? ex.getClass().getSimpleName() : message;
    }
}
