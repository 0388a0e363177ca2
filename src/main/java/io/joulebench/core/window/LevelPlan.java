package io.joulebench.core.window;

import io.joulebench.core.attribution.AttributionRule;
import io.joulebench.core.energy.MeasurementBracket;
import io.joulebench.core.traffic.Transport;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Everything one level needs.
 *
 * @param levelIndex    the level's index in its plan group (the {@code L} of its window ids): every event, window
 *                      record and request-log row of the level carries it
 * @param traffic       builds the level's source over the whole horizon, reporting to the manager's listener
 * @param drainTimeout  how long in-flight requests may finish after the schedule; null = unbounded
 * @param warmup        runs once before the traffic starts
 * @param brackets      mints one fresh bracket per window
 * @param requestLog    opens the level's request log
 * @param listener      progress events
 * @param slo           the optional SLO overlay, or null
 * @param attribution   how the windows' energy is attributed to requests (estimated); {@link AttributionRule#DEFAULT}
 *                      unless set
 * @param rule          which rule judges the level: {@link LevelRule#STATIONARY} unless set
 */
public record LevelPlan(int levelIndex, WindowSpec spec, TrafficSourceFactory traffic, Transport transport, Duration drainTimeout,
                        WarmupHook warmup, Supplier<MeasurementBracket> brackets, RequestLogFactory requestLog,
                        WindowListener listener, Slo slo, AttributionRule attribution, LevelRule rule) {

    public LevelPlan {
        if (levelIndex < 0) {
            throw new IllegalArgumentException("level index must be >= 0, got " + levelIndex);
        }
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(traffic, "traffic");
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(brackets, "brackets");
        warmup = warmup == null ? WarmupHook.NONE : warmup;
        requestLog = requestLog == null ? RequestLogFactory.NONE : requestLog;
        listener = listener == null ? WindowListener.NONE : listener;
        attribution = attribution == null ? AttributionRule.DEFAULT : attribution;
        rule = rule == null ? LevelRule.STATIONARY : rule;
    }

    /** This plan at another level index. */
    public LevelPlan atLevel(int index) {
        return index == levelIndex ? this
                : new LevelPlan(index, spec, traffic, transport, drainTimeout, warmup, brackets, requestLog, listener, slo,
                attribution, rule);
    }

    /** This plan with the window spec fixed after the warmup ({@link WarmupHook#windowSpec}). */
    public LevelPlan withSpec(WindowSpec fixed) {
        return fixed.equals(spec) ? this
                : new LevelPlan(levelIndex, fixed, traffic, transport, drainTimeout, warmup, brackets, requestLog, listener, slo,
                attribution, rule);
    }

    public static Builder builder(WindowSpec spec, TrafficSourceFactory traffic, Transport transport,
                                  Supplier<MeasurementBracket> brackets) {
        return new Builder(spec, traffic, transport, brackets);
    }

    /** The required parts up front, the optional ones by name. */
    public static final class Builder {
        private final WindowSpec spec;
        private final TrafficSourceFactory traffic;
        private final Transport transport;
        private final Supplier<MeasurementBracket> brackets;
        private Duration drainTimeout;
        private WarmupHook warmup;
        private RequestLogFactory requestLog;
        private WindowListener listener;
        private Slo slo;
        private AttributionRule attribution;
        private int levelIndex;
        private LevelRule rule;

        private Builder(WindowSpec spec, TrafficSourceFactory traffic, Transport transport,
                        Supplier<MeasurementBracket> brackets) {
            this.spec = spec;
            this.traffic = traffic;
            this.transport = transport;
            this.brackets = brackets;
        }

        public Builder drainTimeout(Duration timeout) {
            this.drainTimeout = timeout;
            return this;
        }

        public Builder warmup(WarmupHook hook) {
            this.warmup = hook;
            return this;
        }

        public Builder requestLog(RequestLogFactory factory) {
            this.requestLog = factory;
            return this;
        }

        public Builder listener(WindowListener l) {
            this.listener = l;
            return this;
        }

        /** The level's index in its plan group; 0 unless set. */
        public Builder levelIndex(int index) {
            this.levelIndex = index;
            return this;
        }

        public Builder slo(Slo objective) {
            this.slo = objective;
            return this;
        }

        public Builder attribution(AttributionRule rule) {
            this.attribution = rule;
            return this;
        }

        /** The rule that judges the level; {@link LevelRule#STATIONARY} unless set. */
        public Builder rule(LevelRule levelRule) {
            this.rule = levelRule;
            return this;
        }

        public LevelPlan build() {
            return new LevelPlan(levelIndex, spec, traffic, transport, drainTimeout, warmup, brackets, requestLog, listener, slo,
                attribution, rule);
        }
    }
}
