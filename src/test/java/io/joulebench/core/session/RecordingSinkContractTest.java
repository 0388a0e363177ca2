package io.joulebench.core.session;

import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import java.nio.file.Path;

/** The session tests' in-memory sink keeps the contract of the results folder it stands in for. */
class RecordingSinkContractTest extends SessionSinkContract {

    @Override
    protected SessionSink newSink(StudyPlan plan, Path dir) {
        return new RecordingSink(dir);
    }

    @Override
    protected String stateOf(SessionSink sink, ResolvedCell cell) {
        String state = "";
        for (String call : ((RecordingSink) sink).journal) {
            if (call.equals("started " + cell.index())) {
                state = "running";
            } else if (call.equals("failed " + cell.index())) {
                state = "failed";
            }
        }
        return state;
    }
}
