package io.joulebench.cli;

/** The exit codes every command uses (documented in the README). */
public final class ExitCodes {

    public static final int OK = 0;
    /** The run itself failed: nothing could be measured, a server could not start, I/O broke. */
    public static final int RUN_FAILED = 1;
    /** Bad input or usage: an unknown option, an out-of-range value, a malformed study file. */
    public static final int BAD_INPUT = 2;
    /** Interrupted (SIGINT); what closed cleanly is kept. */
    public static final int INTERRUPTED = 130;

    private ExitCodes() {
    }
}
