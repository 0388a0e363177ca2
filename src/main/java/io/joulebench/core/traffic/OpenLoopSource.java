package io.joulebench.core.traffic;

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
        this.options = b.issuance();
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

    /** The schedule and shapes, plus the issuance settings of {@link IssuanceBuilder}. */
    public static final class Builder extends IssuanceBuilder<Builder> {
        private ArrivalSchedule schedule;
        private ShapeSource shapes;

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

        public OpenLoopSource build() {
            return new OpenLoopSource(this);
        }
    }
}
