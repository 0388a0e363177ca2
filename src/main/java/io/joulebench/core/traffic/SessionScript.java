package io.joulebench.core.traffic;

/**
 * What each conversation of a {@link SessionSource} says: how many turns it has, how long its user thinks before each
 * later turn, and the user's message of each turn. Called from the session's own thread; implementations are
 * thread-safe and deterministic per (session, turn), so a seeded study sends the same conversations again.
 */
public interface SessionScript {

    /** Turns of session {@code session} (≥ 1). */
    int turns(int session);

    /** Seconds between the end of turn {@code turn − 1}'s reply and the moment turn {@code turn} is ready (≥ 0). */
    double thinkSeconds(int session, int turn);

    /**
     * The new user message of turn {@code turn} as a chat body: {@code messages} holds this turn's message(s) only;
     * the source puts the conversation so far in front of them. The shape's index is ignored.
     */
    RequestShape turn(int session, int turn);

    /**
     * The recorded instant of turn {@code turn}, in seconds from the origin (a replayed session trace): the turn is
     * then ready at the later of that instant and the previous reply's end plus the think time. NaN (the default)
     * when nothing was recorded.
     */
    default double recordedOffsetSeconds(int session, int turn) {
        return Double.NaN;
    }
}
