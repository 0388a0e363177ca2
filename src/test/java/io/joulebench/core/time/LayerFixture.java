package io.joulebench.core.time;

/** Test-only: a foundation class that uses the results layer, an upward edge the layer rule forbids (CoreRulesTest). */
public final class LayerFixture {

    io.joulebench.core.results.ResultsFolder folder;
}
