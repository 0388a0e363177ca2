package io.joulebench.core.traffic;

import io.joulebench.core.time.Clock;
import java.util.Objects;

/**
 * The issuance settings every open-loop source takes, with their defaults: system clock, uncapped, no listener,
 * records retained. {@link OpenLoopSource.Builder} and {@link TraceReplaySource.Builder} add what they issue.
 *
 * @param <B> the concrete builder, returned by each setter
 */
public abstract class IssuanceBuilder<B extends IssuanceBuilder<B>> {

    private Clock clock = Clock.system();
    private Integer concurrencyCap;
    private RequestListener listener = RequestListener.NONE;
    private boolean retainRecords = true;

    IssuanceBuilder() {
    }

    public B clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return self();
    }

    /** Max requests in flight (≥ 1), or null for a pure open loop. */
    public B concurrencyCap(Integer cap) {
        this.concurrencyCap = cap;
        return self();
    }

    public B listener(RequestListener listener) {
        this.listener = Objects.requireNonNull(listener, "listener");
        return self();
    }

    /** Keep every record in the report (default); false for big levels that stream through the listener. */
    public B retainRecords(boolean retain) {
        this.retainRecords = retain;
        return self();
    }

    /** The issuer's settings as set so far (validated: a cap below 1 is refused). */
    OpenLoopIssuer.Options issuance() {
        return new OpenLoopIssuer.Options(clock, concurrencyCap, listener, retainRecords);
    }

    @SuppressWarnings("unchecked")
    private B self() {
        return (B) this;
    }
}
