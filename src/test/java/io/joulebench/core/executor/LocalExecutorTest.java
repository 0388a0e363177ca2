package io.joulebench.core.executor;

import io.joulebench.core.run.LocalExecutor;
import io.joulebench.core.session.SessionRunner;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;

class LocalExecutorTest extends StudyExecutorContract {

    @Override
    protected StudyExecutor executor(SessionRunner sessions, StudyPlan plan) {
        return new LocalExecutor(sessions, Clock.system());
    }
}
