package io.joulebench.core.window;

import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.DeviceInfo;
import io.joulebench.core.energy.EnergyKind;
import io.joulebench.core.energy.EnergyMethod;
import io.joulebench.core.energy.PowerSample;
import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Builders for records and bracket results, in seconds on the shared clock. */
final class Fixtures {

    private Fixtures() {
    }

    static long ns(double seconds) {
        return Math.round(seconds * 1e9);
    }

    static long[] times(double... seconds) {
        long[] out = new long[seconds.length];
        for (int i = 0; i < seconds.length; i++) {
            out[i] = ns(seconds[i]);
        }
        return out;
    }

    static RequestRecord ok(int index, double issued, double completed, double... tokens) {
        return new RequestRecord(index, ns(issued), ns(issued), ns(completed), RequestStatus.OK, null,
                new CompletionResult(null, times(tokens), null, null, "stop"));
    }

    static RequestRecord okWithUsage(int index, double issued, double completed, Integer serverTokens,
                                     String finish, double... tokens) {
        return new RequestRecord(index, ns(issued), ns(issued), ns(completed), RequestStatus.OK, null,
                new CompletionResult(null, times(tokens), 7, serverTokens, finish));
    }

    static RequestRecord error(int index, double issued, double failed, double... tokens) {
        return new RequestRecord(index, ns(issued), ns(issued), ns(failed), RequestStatus.ERROR, "reset",
                new CompletionResult(null, times(tokens), null, null, null));
    }

    static RequestRecord timeout(int index, double issued, double... tokens) {
        return new RequestRecord(index, ns(issued), ns(issued), null, RequestStatus.TIMEOUT, null,
                new CompletionResult(null, times(tokens), null, null, null));
    }

    /** A flat-power bracket over [start, end] sampled every 100 ms, with the given headline energy. */
    static BracketResult flatBracket(double start, double end, double watts, Double energyJ) {
        List<PowerSample> samples = new ArrayList<>();
        for (long t = ns(start); t <= ns(end); t += ns(0.1)) {
            samples.add(new PowerSample(t, 0, watts, 60.0, false));
        }
        return bracket(start, end, energyJ, samples);
    }

    static BracketResult bracket(double start, double end, Double energyJ, List<PowerSample> samples) {
        return new BracketResult(new BracketResult.Span(ns(start), ns(end), Instant.EPOCH, Instant.EPOCH),
                new BracketResult.Provenance("fake", EnergyKind.SIMULATED, EnergyMethod.COUNTER,
                        List.of(new DeviceInfo(0, "fake", "fake-0"))),
                energyJ, energyJ == null ? List.of() : List.of(energyJ), null, null, samples, List.of());
    }
}
