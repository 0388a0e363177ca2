package io.joulebench.core.window;

import java.util.List;

/** A level that ran to the end of its drain: its windows (final), the gate's verdict and the issuer's summary. */
public record LevelOutcome(int levelIndex, WindowSpec spec, List<WindowRecord> windows, LevelValidation validation,
                           IssuerSummary issuer) {

    public LevelOutcome {
        windows = List.copyOf(windows);
    }
}
