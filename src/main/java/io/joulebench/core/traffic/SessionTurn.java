package io.joulebench.core.traffic;

/**
 * Turn {@code turn} (from 1) of {@code turns} of conversation {@code sessionId} (level-wide, from 0, in start order).
 *
 * @param readyAtNanos when the turn became ready to send: the session's scheduled start for turn 1, else the previous
 *                     turn's completion plus the think time; a turn's lateness is measured from it
 */
public record SessionTurn(int sessionId, int turn, int turns, long readyAtNanos) {

    public SessionTurn {
        if (turn < 1 || turn > turns) {
            throw new IllegalArgumentException("turn " + turn + " is outside 1.." + turns);
        }
    }

    public boolean first() {
        return turn == 1;
    }

    public boolean last() {
        return turn == turns;
    }
}
