package io.joulebench.core.session;

import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyPlan;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Runs a group as one {@link ServerSession} (server cells, one level each) or one {@link OfflineSession} (a single
 * offline cell), with fresh {@link SessionServices} per group. Server cells without an arrival seed get one drawn
 * for this run ({@link LevelTraffic#withDrawnSeeds}).
 */
public final class DefaultSessionRunner implements SessionRunner {

    private final Function<Study, SessionServices> services;

    /** The real parts; each group's meters apply the study's GPU selection. */
    public DefaultSessionRunner(SessionEnvironment env) {
        this.services = study -> new EnvironmentServices(env, study.execution().gpuIndices());
    }

    /**
     * The real parts with the meters scoped to {@code gpuIndices} instead of the study's selection: the devices a
     * batch scheduler allocated to this job ({@code io.joulebench.core.executor.GpuAllocation}).
     */
    public DefaultSessionRunner(SessionEnvironment env, List<Integer> gpuIndices) {
        this.services = study -> new EnvironmentServices(env, gpuIndices);
    }

    /** For tests and embedders that bring their own parts. */
    public DefaultSessionRunner(Supplier<SessionServices> services) {
        this.services = study -> services.get();
    }

    @Override
    public void runGroup(StudyPlan plan, List<ResolvedCell> cells, SessionSink sink, StudyRunListener listener)
            throws InterruptedException {
        if (cells.isEmpty()) {
            return;
        }
        try (SessionServices parts = services.apply(plan.study())) {
            if (!cells.getFirst().isServer()) {
                for (ResolvedCell cell : cells) {
                    new OfflineSession(plan, cell, parts, sink, listener).run();
                }
                return;
            }
            new ServerSession(plan, LevelTraffic.withDrawnSeeds(cells), parts, sink, listener).run();
        }
    }
}
