package io.joulebench.core.results;

/** Test-only: a results class that calls the run package, which would close a cycle results ⇄ run (CoreRulesTest). */
public final class ResultsCycleFixture {

    io.joulebench.core.run.StudyRunner runner;
}
