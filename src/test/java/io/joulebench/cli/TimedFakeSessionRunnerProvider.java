package io.joulebench.cli;

import io.joulebench.core.results.FakeSessionRunner;
import io.joulebench.core.session.SessionRunner;

/** Test scope only: a fake session runner that takes 60 ms per window, for child-JVM tests (see CrashResumeIT). */
public final class TimedFakeSessionRunnerProvider implements SessionRunnerProvider {

    @Override
    public SessionRunner sessionRunner() {
        return new FakeSessionRunner(Long.getLong("joulebench.test.windowMillis", 60));
    }
}
