package io.joulebench.core.run;

import io.joulebench.core.results.CellStatus;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.study.ExecutionConfig;
import io.joulebench.core.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Upstream's study circuit breaker ({@code study_execution.max_consecutive_failures}, default 10, and
 * {@code circuit_breaker_cooldown_seconds}, default 60). A cell counts as failed when it ended {@code failed} without a
 * credited window (the server would not start or get ready, warmup traffic died, the level aborted before its first
 * window); a credited cell, valid or gate-failed, is a measurement and resets the count. After N consecutive failed
 * cells the breaker trips: the runner waits the cooldown, then lets the next group run as a probe. A probe with a
 * credited cell closes the breaker again; a probe without one stops the study with {@link #abortReason()}. Cells
 * not reached stay {@code pending} (no entry is written for them), so {@code resume} runs them later. A threshold of
 * 0 (or null) turns the breaker off.
 */
final class CircuitBreaker {

    private static final Logger LOG = LoggerFactory.getLogger(CircuitBreaker.class);

    private final int threshold;
    private final double cooldownSeconds;
    private final Clock clock;
    private int consecutive;
    private boolean tripped;
    private boolean probing;
    private String lastReason;
    private String abortReason;

    CircuitBreaker(ExecutionConfig execution, Clock clock) {
        this.threshold = execution.breakerEnabled() ? execution.maxConsecutiveFailures() : 0;
        this.cooldownSeconds = execution.circuitBreakerCooldownSeconds();
        this.clock = clock;
    }

    /** Before a group runs: a tripped breaker waits the cooldown, and the group becomes the probe. */
    void beforeGroup() throws InterruptedException {
        if (!tripped) {
            return;
        }
        LOG.warn("circuit breaker: {} consecutive cells failed (last: {}); cooling down {} s before a probe",
                consecutive, lastReason, number(cooldownSeconds));
        if (cooldownSeconds > 0) {
            clock.sleep(Duration.ofNanos(Math.round(cooldownSeconds * 1e9)));
        }
        tripped = false;
        probing = true;
    }

    /**
     * After a group ran: its cells' manifest entries. Returns false when the study must stop (the probe failed);
     * {@link #abortReason()} then says why.
     */
    boolean afterGroup(List<ManifestEntry> entries) {
        boolean anyCredited = false;
        for (ManifestEntry e : entries) {
            if (e.credited()) {
                anyCredited = true;
                consecutive = 0;
            } else if (e.status() == CellStatus.FAILED) {
                consecutive++;
                lastReason = e.reason();
            }
        }
        if (probing) {
            probing = false;
            if (!anyCredited) {
                abortReason = "circuit breaker: " + consecutive + " consecutive cells failed (last: " + lastReason
                        + "), and the probe after a " + number(cooldownSeconds) + " s cooldown failed too; the study"
                        + " stopped (resume runs the cells not reached)";
                return false;
            }
            LOG.info("circuit breaker: the probe measured; the study goes on");
        }
        if (threshold > 0 && consecutive >= threshold) {
            tripped = true;
        }
        return true;
    }

    /** Why the study stopped; null while it runs on. */
    String abortReason() {
        return abortReason;
    }

    private static String number(double seconds) {
        return seconds == Math.rint(seconds) ? Long.toString((long) seconds) : String.format(Locale.ROOT, "%.3g",
                seconds);
    }
}
