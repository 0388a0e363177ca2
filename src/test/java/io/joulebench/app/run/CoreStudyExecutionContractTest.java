package io.joulebench.app.run;

import io.joulebench.core.server.HostEnvironment;
import io.joulebench.testing.TestWiring;
import java.nio.file.Path;

/** The workbench's real execution over the core's study runner and the in-process reference engine. */
class CoreStudyExecutionContractTest extends StudyExecutionContract {

    @Override
    protected StudyExecution execution(Path home) {
        HostEnvironment host = TestWiring.host(home);
        return new CoreStudyExecution(() -> TestWiring.referenceEngineRunner(host), host.clock());
    }
}
