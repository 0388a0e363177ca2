package io.joulebench.core.run;

/** Test-only: a run class that stamps the wall time itself instead of asking the clock (CoreRulesTest). */
final class ClockBypassFixture {

    java.time.Instant stamp() {
        return java.time.Instant.now();
    }
}
