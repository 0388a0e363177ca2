package io.joulebench.core.traffic;

import io.joulebench.core.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * The shipped traffic source: issues an {@link ArrivalSchedule} open-loop. Request {@code i} is issued at
 * {@code origin + offset(i)} whatever the transport does; an optional concurrency cap delays only its dispatch.
 */
public final class OpenLoopSource implements TrafficSource {

    private final ArrivalSchedule schedule;
    private final ShapeSource shapes;
    private final OpenLoopIssuer.Options options;

    private OpenLoopSource(Builder b) {
        this.schedule = Objects.requireNonNull(b.schedule, "schedule");
        this.shapes = Objects.requireNonNull(b.shapes, "shapes");
        this.options = new OpenLoopIssuer.Options(b.clock, b.concurrencyCap, b.listener, b.retainRecords);
    }

    public static Builder builder() {
        return new Builder();
    }

    public ArrivalSchedule schedule() {
        return schedule;
    }

    @Override
    public IssuerReport run(Transport transport, Duration drainTimeout) throws InterruptedException {
        Objects.requireNonNull(transport, "transport");
        return new OpenLoopIssuer(schedule.offsets(), shapes::shape, options).run(transport, drainTimeout);
    }

    /** Options with defaults: system clock, uncapped, no listener, records retained. */
    public static final class Builder {
        private ArrivalSchedule schedule;
        private ShapeSource shapes;
        private Clock clock = Clock.system();
        private Integer concurrencyCap;
        private RequestListener listener = RequestListener.NONE;
        private boolean retainRecords = true;

        private Builder() {
        }

        public Builder schedule(ArrivalSchedule schedule) {
            this.schedule = schedule;
            return this;
        }

        public Builder shapes(ShapeSource shapes) {
            this.shapes = shapes;
            return this;
        }

        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** Max requests in flight (≥ 1), or null for a pure open loop. */
        public Builder concurrencyCap(Integer cap) {
            this.concurrencyCap = cap;
            return this;
        }

        public Builder listener(RequestListener listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /** Keep every record in the report (default); false for big levels that stream through the listener. */
        public Builder retainRecords(boolean retain) {
            this.retainRecords = retain;
            return this;
        }

        public OpenLoopSource build() {
            return new OpenLoopSource(this);
        }
    }
}
