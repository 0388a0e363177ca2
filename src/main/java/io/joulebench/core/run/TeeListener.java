package io.joulebench.core.run;

import io.joulebench.core.session.ForwardingListener;
import io.joulebench.core.session.StudyRunListener;
import java.util.function.Consumer;

/** Hands every event to two listeners in order (the CLI's printer and the run's {@link EventLog}). */
public final class TeeListener extends ForwardingListener {

    private final StudyRunListener a;
    private final StudyRunListener b;

    public TeeListener(StudyRunListener a, StudyRunListener b) {
        this.a = a;
        this.b = b;
    }

    @Override
    protected void forward(String event, Consumer<StudyRunListener> call) {
        call.accept(a);
        call.accept(b);
    }
}
