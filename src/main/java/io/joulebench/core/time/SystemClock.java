package io.joulebench.core.time;

import java.util.concurrent.locks.LockSupport;

/** {@link System#nanoTime()}; sleeping parks the thread and honours interrupts. */
final class SystemClock implements Clock {

    static final SystemClock INSTANCE = new SystemClock();

    private SystemClock() {
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public void sleepUntil(long deadlineNanos) throws InterruptedException {
        long remaining;
        while ((remaining = deadlineNanos - System.nanoTime()) > 0) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            LockSupport.parkNanos(remaining);
        }
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }
}
