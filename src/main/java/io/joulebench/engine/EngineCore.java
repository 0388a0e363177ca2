package io.joulebench.engine;

import io.joulebench.core.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The serving model on a clock: one scheduler thread (or a test, calling {@link #stepOnce()}) steps the batch, sleeps
 * on the clock for the step time, then hands out the step's tokens. It drives the power model's occupancy
 * (running sequences / max_num_seqs) and keeps vLLM-style counters.
 */
final class EngineCore {

    private static final Logger LOG = LoggerFactory.getLogger(EngineCore.class);

    private final EngineProfile profile;
    private final PowerModel power;
    private final Clock clock;
    private final BatchScheduler scheduler;
    private final TrueEnergyLedger ledger;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition work = lock.newCondition();
    private volatile boolean closed;
    private volatile int running;
    private volatile int waiting;
    private long promptTokens;
    private long cachedPromptTokens;
    private long generationTokens;

    /** No prefix cache and no KV capacity but {@code max_num_seqs}. */
    EngineCore(EngineProfile profile, PowerModel power, Clock clock) {
        this(profile, power, clock, 0, 0);
    }

    /**
     * @param prefixCacheTokens capacity of the simulated prefix cache ({@link PrefixCache}), 0 = off
     * @param kvCacheTokens     the running batch's KV capacity in tokens ({@link BatchScheduler}), 0 = no limit
     */
    EngineCore(EngineProfile profile, PowerModel power, Clock clock, int prefixCacheTokens, long kvCacheTokens) {
        this.profile = profile;
        this.power = power;
        this.clock = clock;
        this.scheduler = new BatchScheduler(profile, new PrefixCache(prefixCacheTokens), kvCacheTokens);
        this.ledger = new TrueEnergyLedger(profile, power);
    }

    void submit(Sequence sequence) {
        lock.lock();
        try {
            scheduler.enqueue(sequence);
            waiting = scheduler.waiting();
            work.signal();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Plans one step, sleeps for it on the clock and delivers its tokens. Returns false, doing nothing, when no
     * sequence is running or waiting.
     */
    boolean stepOnce() throws InterruptedException {
        BatchScheduler.Step step;
        long start;
        double startEnergy;
        lock.lock();
        try {
            step = scheduler.plan();
            start = clock.nanoTime();
            if (step == null) {
                power.setOccupancy(0);
                publishCounts();
                return false;
            }
            power.setOccupancy((double) step.batchSize() / profile.maxNumSeqs());
            startEnergy = power.totalExactEnergyJoules();
            promptTokens += step.promptTokens();
            cachedPromptTokens += step.cachedTokens();
            publishCounts();
        } finally {
            lock.unlock();
        }
        clock.sleepUntil(start + step.durationNanos());
        lock.lock();
        try {
            long now = clock.nanoTime();
            ledger.credit(step.batch(), step.admitted(), power.totalExactEnergyJoules() - startEnergy,
                    (now - start) / 1e9);
            List<Sequence> finished = new ArrayList<>();
            generationTokens += scheduler.finishStep(now, finished);
            if (scheduler.idle()) {
                power.setOccupancy(0);
            }
            publishCounts();
            // a client that has read its last chunk sees counters that already include its request
            for (Sequence s : finished) {
                s.sink.finished(s.finishReason, now);
            }
        } finally {
            lock.unlock();
        }
        return true;
    }

    /** The scheduler thread's body: step while there is work, wait while there is none, until closed. */
    void runLoop() {
        try {
            while (!closed) {
                lock.lock();
                try {
                    while (!closed && scheduler.idle()) {
                        work.await();
                    }
                } finally {
                    lock.unlock();
                }
                if (!closed) {
                    stepGuarded();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A bug in one step must not stop the scheduler (every open stream would hang): log it and go on. */
    private void stepGuarded() throws InterruptedException {
        try {
            stepOnce();
        } catch (RuntimeException e) {
            LOG.error("reference engine scheduler step failed", e);
        }
    }

    void close() {
        closed = true;
        lock.lock();
        try {
            work.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void publishCounts() {
        running = scheduler.running();
        waiting = scheduler.waiting();
    }

    int running() {
        return running;
    }

    int waiting() {
        return waiting;
    }

    long promptTokens() {
        return locked(() -> promptTokens);
    }

    /** Prompt tokens the prefix cache served, all requests so far. */
    long cachedPromptTokens() {
        return locked(() -> cachedPromptTokens);
    }

    long generationTokens() {
        return locked(() -> generationTokens);
    }

    /** A counter read under the lock that its writers hold. */
    private long locked(LongSupplier counter) {
        lock.lock();
        try {
            return counter.getAsLong();
        } finally {
            lock.unlock();
        }
    }

    EngineProfile profile() {
        return profile;
    }

    PowerModel power() {
        return power;
    }
}
