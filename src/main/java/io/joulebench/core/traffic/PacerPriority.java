package io.joulebench.core.traffic;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scheduling class the open-loop pacer thread runs in (issue 34, docs/decisions/0024-pacer-realtime-priority.md).
 * Under the normal scheduler a pacer spinning towards its instant is preempted by whichever thread wakes on its core,
 * and the more the client does besides (encoding trace-length prompts) the later its tail. Where the process may,
 * the pacer therefore asks Linux for {@code SCHED_FIFO} at the lowest real-time priority; where it may not it runs
 * as before, and the reason is kept in the run's report.
 *
 * @param realtime true when the pacer thread runs at {@code SCHED_FIFO}
 * @param detail   {@code "SCHED_FIFO 1"}, or why the pacer stayed at normal priority
 */
public record PacerPriority(boolean realtime, String detail) {

    /** {@code -Djoulebench.pacer.realtime=false} keeps the pacer at normal priority (for side-by-side measurement). */
    public static final String PROPERTY = "joulebench.pacer.realtime";
    /** The lowest real-time priority: above every normal thread, below the kernel's own real-time threads. */
    static final int FIFO_PRIORITY = 1;

    private static final Logger LOG = LoggerFactory.getLogger(PacerPriority.class);
    private static final int SCHED_FIFO = 1;
    /**
     * Threads the pacer starts (the encoder, a virtual-thread carrier the scheduler adds while the pacer starts a
     * request) would otherwise inherit its class: with this flag the kernel starts them at normal priority.
     */
    private static final int SCHED_RESET_ON_FORK = 0x40000000;
    private static final int EPERM = 1;
    private static final AtomicBoolean REFUSAL_LOGGED = new AtomicBoolean();

    private interface CLib extends Library {
        /** The sched_param struct is one int, passed by pointer; pid 0 is the calling thread. */
        int sched_setscheduler(int pid, int policy, int[] param) throws LastErrorException;
    }

    private static final class Holder {
        private static final CLib C = Native.load(Platform.C_LIBRARY_NAME, CLib.class);
    }

    /** Asks for {@code SCHED_FIFO} for the calling thread, unless turned off; never throws. */
    static PacerPriority raiseCurrentThread() {
        if (!Boolean.parseBoolean(System.getProperty(PROPERTY, "true"))) {
            return new PacerPriority(false, "normal: turned off by -D" + PROPERTY + "=false");
        }
        if (!Platform.isLinux()) {
            return new PacerPriority(false, "normal: real-time priority is asked for on Linux only");
        }
        PacerPriority outcome;
        try {
            Holder.C.sched_setscheduler(0, SCHED_FIFO | SCHED_RESET_ON_FORK, new int[] {FIFO_PRIORITY});
            return new PacerPriority(true, "SCHED_FIFO " + FIFO_PRIORITY);
        } catch (LastErrorException e) {
            outcome = new PacerPriority(false, e.getErrorCode() == EPERM
                    ? "normal: the process may not use real-time priority (it needs CAP_SYS_NICE or an rtprio limit "
                    + "of at least " + FIFO_PRIORITY + ")"
                    : "normal: sched_setscheduler failed with errno " + e.getErrorCode());
        } catch (LinkageError | RuntimeException e) { // JNA or libc not loadable (a noexec temp dir), once or again
            outcome = new PacerPriority(false, "normal: sched_setscheduler is not available (" + e.getMessage() + ")");
        }
        if (REFUSAL_LOGGED.compareAndSet(false, true)) {
            LOG.info("pacer thread priority {}; its lateness tail then includes waits for its core while other "
                    + "threads run there (docs/decisions/0024-pacer-realtime-priority.md)", outcome.detail());
        }
        return outcome;
    }
}
