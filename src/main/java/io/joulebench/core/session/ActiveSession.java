package io.joulebench.core.session;

import io.joulebench.core.energy.EnergyMeter;
import io.joulebench.core.energy.SampledMeasurementBracket;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import io.joulebench.core.traffic.ShapeSource;
import io.joulebench.core.traffic.Transport;
import java.nio.file.Path;
import java.util.List;

/**
 * What the levels of an entered session share: the ready server's transport and {@link ServerWatch}, the session
 * meter, the sink, and the plan that gives each cell its level index ({@link StudyPlan#levelOf}).
 */
record ActiveSession(String sessionId, List<ResolvedCell> cells, Clock clock, Path studyDir, ShapeSource shapes,
                     EnergyMeter meter, SampledMeasurementBracket.Options bracketOptions, EnergyContext energy,
                     Transport transport, java.time.Duration drainTimeout, SessionServices services, SessionSink sink,
                     StudyRunListener listener, SessionTally tally, StudyPlan plan, ServerWatch server) {

    SampledMeasurementBracket bracket() {
        return new SampledMeasurementBracket(meter, clock, bracketOptions);
    }
}
