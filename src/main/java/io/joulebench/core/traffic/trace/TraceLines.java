package io.joulebench.core.traffic.trace;

import io.joulebench.core.traffic.TraceFormatException;

/** Reads the data lines of one format; the header (where the format has one) was read when it was made. */
interface TraceLines {

    /** The line (stripped, not blank, not a comment) as a row or a skip. */
    TraceLine parse(String line, int lineNumber) throws TraceFormatException;

    /**
     * Whether rows carry input lengths, output lengths (a column or field the format declares): the published formats
     * always do; the Joulebench CSV only with its optional columns.
     */
    default boolean hasInputLengths() {
        return true;
    }

    default boolean hasOutputLengths() {
        return true;
    }
}
