package io.joulebench.app.fx;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** A desktop without a file browser is an expected case: a sentence for the user, no stack trace on stderr. */
class BoundedFolderOpenerTest {

    @Test
    void a_failing_file_browser_gives_a_reason_and_logs_no_stack_trace_above_debug() {
        Logger log = (Logger) LoggerFactory.getLogger(BoundedFolderOpener.class);
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        events.start();
        log.addAppender(events);
        Level before = log.getLevel();
        log.setLevel(Level.DEBUG);
        try {
            AtomicReference<String> outcome = new AtomicReference<>();
            BoundedFolderOpener.direct(folder -> {
                throw new IOException("xdg-open found no file browser for folders (exit 3)");
            }).open(Path.of("results"), outcome::set);
            assertThat(outcome.get()).contains("no file browser");
            assertThat(events.list).filteredOn(e -> e.getLevel().isGreaterOrEqual(Level.INFO))
                    .isNotEmpty().allSatisfy(e -> assertThat(e.getThrowableProxy()).isNull());
        } finally {
            log.detachAppender(events);
            log.setLevel(before);
        }
    }
}
