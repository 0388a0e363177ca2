package io.joulebench.core.traffic;

class OpenLoopSourceContractTest extends TrafficSourceContract {

    @Override
    protected TrafficSource newSource(int count, Integer concurrencyCap, RequestListener listener) {
        return OpenLoopSource.builder()
                .schedule(ArrivalSchedule.build(ScheduleSpec.poisson(200, 11L, count)))
                .shapes(FakeTransports.SHAPES)
                .concurrencyCap(concurrencyCap)
                .listener(listener)
                .retainRecords(listener == RequestListener.NONE)
                .build();
    }
}
