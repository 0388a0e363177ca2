package io.joulebench.core.results;

import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.session.SessionSink;
import io.joulebench.core.session.SessionSinkContract;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import java.nio.file.Path;

/** The results folder, the sink every real run writes through; its manifest says each cell's state. */
class ResultsFolderSinkContractTest extends SessionSinkContract {

    @Override
    protected SessionSink newSink(StudyPlan plan, Path dir) throws Exception {
        return ResultsFolder.createAt(dir, plan, Clock.system());
    }

    @Override
    protected String stateOf(SessionSink sink, ResolvedCell cell) throws Exception {
        Manifest m = Manifest.read(((ResultsFolder) sink).dir().resolve(Manifest.FILE_NAME));
        return m.entries().stream().filter(e -> e.cellIndex() == cell.index()).findFirst()
                .map(e -> e.status().wire()).orElse("");
    }
}
