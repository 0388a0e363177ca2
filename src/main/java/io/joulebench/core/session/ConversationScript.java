package io.joulebench.core.session;

import io.joulebench.core.study.SessionsConfig;
import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.RequestWorkload;
import io.joulebench.core.traffic.SessionScript;
import io.joulebench.core.traffic.ShapeSource;
import java.util.SplittableRandom;

/**
 * The conversations of {@code task.sessions}: session s draws its turns and each think time from the configured
 * distributions with a generator seeded by (seed, s, turn), so a seeded study repeats them whatever order sessions
 * run in; the user's message of each turn is one of the study's prompts (its chat body, with the task's
 * {@code max_tokens}), a different one per turn and per session, so turn k+1's prompt is the conversation so far plus
 * a new prompt. With a length mix ({@link #withDrawnMessages}) each turn's message and answer have the mix's next
 * drawn lengths instead, in the order turns are sent.
 */
public final class ConversationScript implements SessionScript {

    /** Spreads (session, turn) over the prompt set so neighbouring sessions do not open alike. */
    private static final int STRIDE = 7919;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private final SessionsConfig sessions;
    private final ShapeSource prompts;
    private final long seed;
    /** The mix's next message (built to its drawn lengths), or null: the dataset's prompts. */
    private final java.util.function.Supplier<RequestShape> drawn;

    /** {@code sessions} resolved ({@link SessionsConfig#resolve}); {@code seed} the level's traffic seed. */
    public ConversationScript(SessionsConfig sessions, ShapeSource prompts, long seed) {
        this(sessions, prompts, seed, null);
    }

    private ConversationScript(SessionsConfig sessions, ShapeSource prompts, long seed,
                               java.util.function.Supplier<RequestShape> drawn) {
        this.sessions = sessions;
        this.prompts = prompts;
        this.seed = seed;
        this.drawn = drawn;
    }

    /**
     * This script with each turn's new message taken from {@code next} (a length mix's prompts: row i for the i-th
     * turn sent, any session): its text has the drawn input length, history excluded, and its answer is forced to
     * the drawn output length. Only the output is judged against the draw ({@code requested_input_tokens} stays
     * empty): the server's prompt also holds the history.
     */
    public ConversationScript withDrawnMessages(java.util.function.Supplier<RequestShape> next) {
        return new ConversationScript(sessions, prompts, seed, next);
    }

    @Override
    public int turns(int session) {
        return Math.max(1, sessions.turns().sampleCount(random(session, 0)));
    }

    @Override
    public double thinkSeconds(int session, int turn) {
        return Math.max(0.0, sessions.thinkSeconds().sample(random(session, turn)));
    }

    @Override
    public RequestShape turn(int session, int turn) {
        if (drawn != null) {
            RequestShape shape = drawn.get();
            return new RequestShape(shape.index(), shape.payload(),
                    new RequestWorkload(null, shape.workload().requestedOutputTokens(), null));
        }
        return prompts.shape(Math.floorMod(session * STRIDE + turn - 1, Integer.MAX_VALUE));
    }

    private SplittableRandom random(int session, int turn) {
        return new SplittableRandom(seed ^ (GOLDEN * (session + 1L)) ^ Long.rotateLeft(GOLDEN * (turn + 1L), 31));
    }
}
