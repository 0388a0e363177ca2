package io.joulebench.core.session;

import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import java.util.List;

/**
 * What the levels of an entered session share: its cells and the plan that gives each its level index
 * ({@link StudyPlan#levelOf}), the ready server's {@link ServerWatch}, and three narrower collaborators — how a level
 * is measured, how its traffic is made and sent, and where its outcome goes.
 */
record ActiveSession(List<ResolvedCell> cells, StudyPlan plan, ServerWatch server, SessionMeasurement measurement,
                     SessionTraffic traffic, SessionOutput output) {

    String sessionId() {
        return output.sessionId();
    }
}
