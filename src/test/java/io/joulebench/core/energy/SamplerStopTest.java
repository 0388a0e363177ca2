package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.joulebench.core.time.Clock;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** Closing a bracket stops its sampler mid-read; that is the bracket's own doing, not a meter failure to warn of. */
class SamplerStopTest {

    /** A meter whose sampler-thread reads block until interrupted, then fail as a scrape does. */
    private static final class BlockingSampleMeter implements EnergyMeter {
        final ModelGpuMeter delegate = ModelGpuMeter.constant(Clock.system(), 300);
        final CountDownLatch blocked = new CountDownLatch(1);

        @Override
        public String source() {
            return "blocking";
        }

        @Override
        public EnergyKind kind() {
            return delegate.kind();
        }

        @Override
        public boolean hasEnergyCounter() {
            return delegate.hasEnergyCounter();
        }

        @Override
        public List<DeviceInfo> devices() {
            return delegate.devices();
        }

        @Override
        public MeterReading read() {
            if (!Thread.currentThread().getName().startsWith("joulebench-power-sampler")) {
                return delegate.read();
            }
            blocked.countDown();
            try {
                Thread.sleep(TimeUnit.MINUTES.toMillis(5));
                return delegate.read();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new MeterException("interrupted while scraping http://127.0.0.1:1/metrics", e);
            }
        }

        @Override
        public void close() {
        }
    }

    @Test
    void a_sample_interrupted_by_the_bracket_closing_is_not_logged_as_a_failure() throws Exception {
        Logger log = (Logger) LoggerFactory.getLogger(SampledMeasurementBracket.class);
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        events.start();
        log.addAppender(events);
        try {
            BlockingSampleMeter meter = new BlockingSampleMeter();
            SampledMeasurementBracket bracket = new SampledMeasurementBracket(meter, Clock.system());
            bracket.open();
            assertThat(meter.blocked.await(10, TimeUnit.SECONDS)).isTrue();
            BracketResult result = bracket.finish();
            assertThat(result.energyJ()).isPositive();
        } finally {
            log.detachAppender(events);
        }

        assertThat(events.list).noneMatch(e -> e.getLevel().isGreaterOrEqual(Level.WARN));
    }

    /** A meter that reads a server which stops: after {@code stop}, every read fails as an unreachable scrape. */
    private static final class StoppingServerMeter extends ForwardingTestMeter {
        volatile boolean stopped;
        final CountDownLatch failedAfterStop = new CountDownLatch(1);

        @Override
        public MeterReading read() {
            if (stopped) {
                failedAfterStop.countDown();
                throw new MeterException("metrics endpoint http://127.0.0.1:1/metrics unreachable:"
                        + " java.net.ConnectException");
            }
            return delegate.read();
        }
    }

    private abstract static class ForwardingTestMeter implements EnergyMeter {
        final ModelGpuMeter delegate = ModelGpuMeter.constant(Clock.system(), 300);

        @Override
        public String source() {
            return "simulated";
        }

        @Override
        public EnergyKind kind() {
            return delegate.kind();
        }

        @Override
        public boolean hasEnergyCounter() {
            return delegate.hasEnergyCounter();
        }

        @Override
        public List<DeviceInfo> devices() {
            return delegate.devices();
        }

        @Override
        public void close() {
        }
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void a_sample_failing_because_the_measured_shutdown_stopped_the_server_is_no_warning(boolean shutdown)
            throws Exception {
        Logger log = (Logger) LoggerFactory.getLogger(SampledMeasurementBracket.class);
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        events.start();
        log.addAppender(events);
        try {
            StoppingServerMeter meter = new StoppingServerMeter();
            SampledMeasurementBracket bracket = new SampledMeasurementBracket(meter, Clock.system());
            if (shutdown) {
                bracket.sourceMayStop();
            }
            bracket.open();
            meter.stopped = true;
            assertThat(meter.failedAfterStop.await(10, TimeUnit.SECONDS)).isTrue();
            Thread.sleep(300); // lets the sampler's next sample fail too (a wait, not a timing under test)
            bracket.close();
        } finally {
            log.detachAppender(events);
        }

        if (shutdown) {
            assertThat(events.list).noneMatch(e -> e.getLevel().isGreaterOrEqual(Level.WARN));
        } else {
            assertThat(events.list).as("a meter failing outside a shutdown is still a warning")
                    .anyMatch(e -> e.getLevel() == Level.WARN && e.getFormattedMessage().contains("unreachable"));
        }
    }
}
