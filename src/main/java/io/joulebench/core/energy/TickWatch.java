package io.joulebench.core.energy;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Measures how often a quantised energy counter really advances: the bracket's sampler polls the counter at the
 * edge-alignment cadence for the first few update periods of a window and times the ticks it sees (each pinned to
 * the middle of the poll gap it fell in). Only for counters that tick at least once a second (NVML's 100 ms, a
 * short DCGM exporter interval): a 30 s exporter interval would need minutes of polling.
 */
final class TickWatch {

    /** Watch counters whose stated update period is at most this. */
    static final Duration LONGEST_PERIOD = Duration.ofSeconds(1);
    /** Spacings per device to collect before stopping... */
    static final int SPACINGS = 3;
    /** ...or this many stated update periods after the start, whichever comes first. */
    static final double BOUND_PERIODS = 4.5;

    private final List<Integer> devices;
    private final long pollNanos;
    private final long deadline;
    private final Map<Integer, Double> lastValue = new HashMap<>();
    private final Map<Integer, Long> lastTick = new HashMap<>();
    private final Map<Integer, Integer> spacings = new HashMap<>();
    private long lastPoll = Long.MIN_VALUE;
    private long nextPoll;
    private long sumNanos;
    private int count;

    private TickWatch(List<Integer> devices, Duration period, Duration poll, long startNanos) {
        this.devices = List.copyOf(devices);
        this.pollNanos = poll.toNanos();
        this.deadline = startNanos + (long) (period.toNanos() * BOUND_PERIODS);
        this.nextPoll = startNanos;
    }

    /** A watch for this meter's counter from {@code startNanos}, or null when it has none to watch. */
    static TickWatch start(EnergyMeter meter, EdgeAlignment alignment, List<Integer> devices, long startNanos) {
        Duration period = meter.hasEnergyCounter() ? meter.counterUpdatePeriod().orElse(null) : null;
        if (period == null || period.compareTo(LONGEST_PERIOD) > 0) {
            return null;
        }
        return new TickWatch(devices, period, alignment.pollIntervalFor(period), startNanos);
    }

    boolean done(long nowNanos) {
        return nowNanos >= deadline || devices.stream().allMatch(d -> spacings.getOrDefault(d, 0) >= SPACINGS);
    }

    long nextPoll() {
        return nextPoll;
    }

    /** Takes a reading (a watch poll or a regular sample) and times any tick since the previous one. */
    void observe(MeterReading r) {
        long at = r.atNanos();
        if (at <= lastPoll) {
            return;
        }
        for (DeviceReading d : r.devices()) {
            if (!devices.contains(d.device()) || d.energyJ() == null) {
                continue;
            }
            Double before = lastValue.put(d.device(), d.energyJ());
            if (before == null || before.equals(d.energyJ()) || lastPoll == Long.MIN_VALUE) {
                continue;
            }
            long tick = lastPoll + (at - lastPoll) / 2;
            Long previous = lastTick.put(d.device(), tick);
            if (previous != null && at - lastPoll <= 2 * pollNanos) {
                sumNanos += tick - previous;
                count++;
                spacings.merge(d.device(), 1, Integer::sum);
            } else if (at - lastPoll > 2 * pollNanos) {
                lastTick.remove(d.device()); // a coarse gap: this tick's time is too vague to time the next from
            }
        }
        lastPoll = at;
        nextPoll = Math.max(nextPoll + pollNanos, at + 1);
    }

    /** The mean observed tick spacing, or null before two timed ticks of one device. */
    Ticks result() {
        return count == 0 ? null : new Ticks(sumNanos / (double) count / 1e6, count, pollNanos / 1e6);
    }

    /**
     * What a watch saw.
     *
     * @param periodMs     the mean spacing of consecutive observed ticks, ms
     * @param spacings     how many spacings (over all devices) the mean is of
     * @param resolutionMs the poll gap: each tick time is known to ±half of it
     */
    record Ticks(double periodMs, int spacings, double resolutionMs) {
    }
}
