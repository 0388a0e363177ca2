package io.joulebench.core.traffic;

import java.util.List;
import java.util.Map;

/** Single-turn sessions pass the same contract as every other source: one session, one request. */
class SessionSourceContractTest extends TrafficSourceContract {

    @Override
    protected TrafficSource newSource(int count, Integer concurrencyCap, RequestListener listener) {
        double[] starts = new double[count];
        for (int i = 0; i < count; i++) {
            starts[i] = (i + 1) / 200.0;
        }
        return SessionSource.builder().starts(starts).script(SessionSourceTest.script(1, 0.0))
                .concurrencyCap(concurrencyCap).listener(listener)
                .retainRecords(listener == RequestListener.NONE).build();
    }

    static Map<String, Object> userTurn(String text) {
        return Map.of("messages", List.of(Map.of("role", "user", "content", text)), "max_tokens", 4);
    }
}
