package io.joulebench.engine;

import java.util.ArrayList;
import java.util.List;

/** Records when each token of one sequence appeared and how it finished. */
final class RecordingSink implements TokenSink {

    final List<Long> tokenTimes = new ArrayList<>();
    String finishReason;
    long finishedAt = -1;
    Double trueEnergyJ;

    @Override
    public void tokens(int generated, long atNanos) {
        tokenTimes.add(atNanos);
    }

    @Override
    public void finished(String reason, long atNanos) {
        finishReason = reason;
        finishedAt = atNanos;
    }

    @Override
    public void trueEnergy(double joules) {
        trueEnergyJ = joules;
    }
}
