package io.joulebench.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Option;

/** {@code --verbose}, mixed into every command: quiet by default, debug when asked. */
public final class LoggingOptions {

    @Option(names = {"-v", "--verbose"}, description = "Log debug detail to stderr.", scope = picocli.CommandLine.ScopeType.INHERIT)
    public void setVerbose(boolean verbose) {
        if (verbose) {
            Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
            root.setLevel(Level.DEBUG);
        }
    }
}
