package io.joulebench.app.run;

import io.joulebench.core.event.RecordedEvent;

/**
 * Test-only: what FollowedRunFeed did at 9c6e5a9, deciding a cancel from the sentence of a progress line, and posting
 * to the FX thread itself (AppRulesTest).
 */
final class LineReadingFixture {

    boolean cancelled(RecordedEvent r) {
        return r.line().startsWith("interrupted");
    }

    void show(Runnable update) {
        javafx.application.Platform.runLater(update);
    }
}
