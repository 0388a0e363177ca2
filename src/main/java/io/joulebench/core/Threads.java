package io.joulebench.core;

import java.time.Duration;

/** Waiting for a thread that must be waited for: a results writer, a pacer, a traffic source being cancelled. */
public final class Threads {

    private Threads() {
    }

    /** Waits until {@code thread} has ended, even when the caller is interrupted meanwhile; the interrupt is set again. */
    public static void joinUninterruptibly(Thread thread) {
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Interrupts {@code thread} and waits for it to end, at most {@code upTo}; a caller interrupted meanwhile stops
     * waiting and keeps its interrupt.
     */
    public static void interruptAndJoin(Thread thread, Duration upTo) {
        thread.interrupt();
        try {
            thread.join(upTo);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
