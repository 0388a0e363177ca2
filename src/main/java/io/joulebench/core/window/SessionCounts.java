package io.joulebench.core.window;

/**
 * Conversations of a session workload in one window (issue 32): {@code started}, sessions whose first turn's instant
 * lies in the window's span; {@code completed}, sessions whose last turn's ready instant lies in it and whose last
 * reply arrived (a session cut at the level's horizon or ended by a failed turn is started but never completed).
 */
public record SessionCounts(long started, long completed) {

    public static final SessionCounts NONE = new SessionCounts(0, 0);

    public SessionCounts plus(SessionCounts o) {
        return new SessionCounts(started + o.started, completed + o.completed);
    }
}
