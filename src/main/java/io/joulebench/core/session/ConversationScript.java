package io.joulebench.core.session;

import io.joulebench.core.study.SessionsConfig;
import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.SessionScript;
import io.joulebench.core.traffic.ShapeSource;

/**
 * The conversations of {@code task.sessions}: every session has the configured turns and think time, and the user's
 * message of each turn is one of the study's prompts (its chat body, with the task's {@code max_tokens}), a different
 * one per turn and per session, so turn k+1's prompt is the conversation so far plus a new prompt.
 */
public final class ConversationScript implements SessionScript {

    /** Spreads (session, turn) over the prompt set so neighbouring sessions do not open alike. */
    private static final int STRIDE = 7919;

    private final SessionsConfig sessions;
    private final ShapeSource prompts;

    public ConversationScript(SessionsConfig sessions, ShapeSource prompts) {
        this.sessions = sessions;
        this.prompts = prompts;
    }

    @Override
    public int turns(int session) {
        return sessions.turns();
    }

    @Override
    public double thinkSeconds(int session, int turn) {
        return sessions.thinkSeconds();
    }

    @Override
    public RequestShape turn(int session, int turn) {
        return prompts.shape(Math.floorMod(session * STRIDE + turn - 1, Integer.MAX_VALUE));
    }
}
