package io.joulebench.core.traffic;

import java.time.Duration;
import java.util.Objects;

/**
 * Conversations (issue 32): sessions start open-loop at the instants of an {@link ArrivalSchedule} (its rate is sessions
 * per second); inside a session, turn k+1 is ready when turn k's reply has ended plus the script's think time, and is
 * sent through the chat API with the whole conversation so far, the server's actual replies included, so its prompt
 * grows as a real conversation's does. A turn's record is anchored at the instant it became ready
 * ({@link SessionTurn#readyAtNanos()}); the lateness of later turns is reported apart from the open-loop lateness
 * ({@link IssuerReport#turnLateness()}). A failed turn ends its session (there is no reply to continue from); a turn
 * that becomes ready after {@code lastReadySeconds} is not sent, so a level's traffic ends near its horizon.
 */
public final class SessionSource implements TrafficSource {

    private final double[] starts;
    private final SessionScript script;
    private final Double lastReadySeconds;
    private final OpenLoopIssuer.Options options;

    private SessionSource(Builder b) {
        this.starts = Objects.requireNonNull(b.starts, "schedule").clone();
        this.script = Objects.requireNonNull(b.script, "script");
        this.lastReadySeconds = b.lastReadySeconds;
        this.options = b.issuance();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Sessions this source starts. */
    public int sessionCount() {
        return starts.length;
    }

    @Override
    public IssuerReport run(Transport transport, Duration drainTimeout) throws InterruptedException {
        Objects.requireNonNull(transport, "transport");
        return new SessionIssuer(starts, script, lastReadySeconds, options).run(transport, drainTimeout);
    }

    /** The session starts and the script, plus the issuance settings of {@link IssuanceBuilder}. */
    public static final class Builder extends IssuanceBuilder<Builder> {
        private double[] starts;
        private SessionScript script;
        private Double lastReadySeconds;

        private Builder() {
        }

        /** When sessions start; its rate is sessions per second. */
        public Builder schedule(ArrivalSchedule schedule) {
            return starts(schedule.offsets());
        }

        /** Session start offsets in seconds from the origin, ascending. */
        public Builder starts(double... offsets) {
            this.starts = offsets;
            return this;
        }

        public Builder script(SessionScript script) {
            this.script = script;
            return this;
        }

        /** Seconds from the origin after which no later turn is sent (null: every turn is sent). */
        public Builder lastReadySeconds(Double seconds) {
            this.lastReadySeconds = seconds;
            return this;
        }

        public SessionSource build() {
            return new SessionSource(this);
        }
    }
}
