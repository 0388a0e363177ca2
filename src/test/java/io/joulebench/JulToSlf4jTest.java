package io.joulebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.net.URL;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.logging.ConsoleHandler;
import java.util.logging.Handler;
import java.util.logging.LogManager;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class JulToSlf4jTest {

    @Test
    void jul_records_reach_slf4j_with_their_level_parameters_and_throwable() {
        JulToSlf4j.install();
        ch.qos.logback.classic.Logger target =
                (ch.qos.logback.classic.Logger) LoggerFactory.getLogger("io.joulebench.test.jul");
        ListAppender<ILoggingEvent> seen = new ListAppender<>();
        seen.start();
        target.addAppender(seen);
        target.setAdditive(false);
        target.setLevel(Level.INFO);
        try {
            java.util.logging.Logger jul = java.util.logging.Logger.getLogger("io.joulebench.test.jul");
            IllegalStateException cause = new IllegalStateException("cause");
            jul.log(java.util.logging.Level.WARNING, "unsupported {0} configuration", "JavaFX");
            jul.log(java.util.logging.Level.SEVERE, "broken", cause);
            jul.info("hello");
            assertThat(seen.list).extracting(ILoggingEvent::getLevel, ILoggingEvent::getFormattedMessage)
                    .containsExactly(tuple(Level.WARN, "unsupported JavaFX configuration"),
                            tuple(Level.ERROR, "broken"), tuple(Level.INFO, "hello"));
            assertThat(seen.list.get(1).getThrowableProxy().getMessage()).isEqualTo("cause");
            target.setLevel(Level.WARN);
            jul.info("quiet by default");
            assertThat(seen.list).hasSize(3);
        } finally {
            target.setLevel(null);
            target.detachAppender(seen);
            target.setAdditive(true);
        }
    }

    @Test
    void installing_replaces_the_jul_console_handler_once() {
        JulToSlf4j.install();
        JulToSlf4j.install();
        Handler[] handlers = LogManager.getLogManager().getLogger("").getHandlers();
        assertThat(Arrays.stream(handlers).filter(h -> h instanceof JulToSlf4j)).hasSize(1);
        assertThat(Arrays.stream(handlers).filter(h -> h instanceof ConsoleHandler)).isEmpty();
    }

    /** The shipped logback.xml (tests run under logback-test.xml), read into a context of its own. */
    @Test
    void the_shipped_configuration_keeps_javafx_warnings_out_and_ours_in() throws Exception {
        URL shipped = Path.of("src/main/resources/logback.xml").toUri().toURL();
        LoggerContext context = new LoggerContext();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(shipped);
        try {
            assertThat(context.getLogger("javafx").isWarnEnabled()).isFalse();
            assertThat(context.getLogger("javafx.css").isWarnEnabled()).isFalse();
            assertThat(context.getLogger("javafx").isErrorEnabled()).isTrue();
            assertThat(context.getLogger("io.joulebench.Anything").isWarnEnabled()).isTrue();
            assertThat(context.getLogger("io.joulebench.Anything").isInfoEnabled()).isFalse();
        } finally {
            context.stop();
        }
    }
}
