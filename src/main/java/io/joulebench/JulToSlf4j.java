package io.joulebench;

import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes {@code java.util.logging} (JavaFX logs through it, as do some JDK modules) to SLF4J, so logback's one
 * configuration governs it too: quiet by default, {@code --verbose} for detail. Without it JUL's console handler
 * printed its own two-line records on stderr, such as JavaFX's "Unsupported JavaFX configuration" at every start
 * from the class path. The slf4j jul-to-slf4j bridge would do the same, but is a dependency for twenty lines.
 */
public final class JulToSlf4j extends Handler {

    private static final SimpleFormatter MESSAGES = new SimpleFormatter();

    private JulToSlf4j() {
    }

    /** Replaces the JUL root logger's handlers with this bridge; calling it again changes nothing. */
    public static synchronized void install() {
        java.util.logging.Logger root = LogManager.getLogManager().getLogger("");
        for (Handler handler : root.getHandlers()) {
            if (handler instanceof JulToSlf4j) {
                return;
            }
        }
        for (Handler handler : root.getHandlers()) {
            root.removeHandler(handler);
        }
        root.addHandler(new JulToSlf4j());
    }

    @Override
    public void publish(LogRecord record) {
        if (record == null || record.getLevel() == Level.OFF) {
            return;
        }
        Logger log = LoggerFactory.getLogger(record.getLoggerName() == null ? "jul" : record.getLoggerName());
        int level = record.getLevel().intValue();
        Throwable thrown = record.getThrown();
        if (level >= Level.SEVERE.intValue()) {
            if (log.isErrorEnabled()) {
                log.error(MESSAGES.formatMessage(record), thrown);
            }
        } else if (level >= Level.WARNING.intValue()) {
            if (log.isWarnEnabled()) {
                log.warn(MESSAGES.formatMessage(record), thrown);
            }
        } else if (level >= Level.INFO.intValue()) {
            if (log.isInfoEnabled()) {
                log.info(MESSAGES.formatMessage(record), thrown);
            }
        } else if (level >= Level.FINE.intValue()) {
            if (log.isDebugEnabled()) {
                log.debug(MESSAGES.formatMessage(record), thrown);
            }
        } else if (log.isTraceEnabled()) {
            log.trace(MESSAGES.formatMessage(record), thrown);
        }
    }

    @Override
    public void flush() {
        // SLF4J's appenders flush themselves
    }

    @Override
    public void close() {
        // nothing held
    }
}
