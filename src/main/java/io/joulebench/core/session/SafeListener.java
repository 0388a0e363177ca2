package io.joulebench.core.session;

import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Forwards every event and swallows (logs) what a listener throws: a broken view never breaks a measurement. */
final class SafeListener extends ForwardingListener {

    private static final Logger LOG = LoggerFactory.getLogger(SafeListener.class);
    private final StudyRunListener l;

    SafeListener(StudyRunListener listener) {
        this.l = listener == null ? StudyRunListener.NONE : listener;
    }

    @Override
    protected void forward(String event, Consumer<StudyRunListener> call) {
        try {
            call.accept(l);
        } catch (RuntimeException e) {
            LOG.warn("listener failed on {}: {}", event, e.toString());
        }
    }
}
