package io.joulebench.core.window;

import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.MeasurementBracket;
import io.joulebench.core.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A bracket over a constant power: energy = watts × (finish − open). Calls go to a shared journal
 * ("open0", "finish0", "close0") next to the listener's events, so tests can check the order of both.
 */
final class FakeBracket implements MeasurementBracket {

    /** Mints brackets 0, 1, 2, … and can make a given one fail. */
    static final class Factory implements Supplier<MeasurementBracket> {
        final List<String> journal;
        final Clock clock;
        final double watts;
        final Set<Integer> failOpen = new HashSet<>();
        final Set<Integer> failFinish = new HashSet<>();
        boolean failClose;
        private int next;

        Factory(Clock clock, double watts, List<String> journal) {
            this.clock = clock;
            this.watts = watts;
            this.journal = journal;
        }

        Factory(Clock clock, double watts) {
            this(clock, watts, Collections.synchronizedList(new ArrayList<>()));
        }

        @Override
        public MeasurementBracket get() {
            return new FakeBracket(this, next++);
        }
    }

    private final Factory factory;
    private final int index;
    private long openedAt;

    private FakeBracket(Factory factory, int index) {
        this.factory = factory;
        this.index = index;
    }

    @Override
    public void open() {
        factory.journal.add("open" + index);
        if (factory.failOpen.contains(index)) {
            throw new IllegalStateException("boom");
        }
        openedAt = factory.clock.nanoTime();
    }

    @Override
    public BracketResult finish() {
        factory.journal.add("finish" + index);
        if (factory.failFinish.contains(index)) {
            throw new IllegalStateException("meter gone");
        }
        double start = openedAt / 1e9;
        double end = factory.clock.nanoTime() / 1e9;
        return Fixtures.flatBracket(start, end, factory.watts, factory.watts * (end - start));
    }

    @Override
    public void close() {
        factory.journal.add("close" + index);
        if (factory.failClose) {
            throw new IllegalStateException("close also broke");
        }
    }
}
