package io.joulebench.core.window;

import io.joulebench.core.energy.MeasurementBracket;
import io.joulebench.core.energy.MeasurementBracketContract;
import io.joulebench.core.time.VirtualClock;

/** The window tests' constant-power fake keeps the bracket contract, so what those tests prove holds for the real. */
class FakeBracketContractTest extends MeasurementBracketContract {

    private final FakeBracket.Factory factory = new FakeBracket.Factory(new VirtualClock(0), 100);

    @Override
    protected MeasurementBracket newBracket() {
        return factory.get();
    }
}
