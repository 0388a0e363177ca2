package io.joulebench.app.run;

import java.nio.file.Path;

/** The scripted execution the view tests run keeps the contract of the real one. */
class ScriptedStudyExecutionContractTest extends StudyExecutionContract {

    @Override
    protected StudyExecution execution(Path home) {
        return new ScriptedStudyExecution(5);
    }
}
