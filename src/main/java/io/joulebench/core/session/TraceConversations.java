package io.joulebench.core.session;

import io.joulebench.core.traffic.RequestShape;
import io.joulebench.core.traffic.RequestWorkload;
import io.joulebench.core.traffic.SessionScript;
import io.joulebench.core.traffic.ShapeSource;
import io.joulebench.core.traffic.TraceEntry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The conversations of a replayed session trace (format {@code sessions}, docs/workloads.md): a row without a parent
 * starts a session at its scheduled instant; a row whose {@code parent_chat_id} names an earlier row is the next turn
 * of that row's session, ready at the later of its own scheduled instant and its parent's reply's end (a row whose
 * parent is not in the slice starts a session of its own). With the trace's lengths ({@link #withLengths}), each
 * turn's new user message is built to the row's {@code input_length} tokens (the history before it excluded) and its
 * answer forced to the row's {@code output_length}, as a trace replay does for single requests; otherwise it is one of
 * the study's prompts, asked for the row's recorded output length as {@code max_tokens}.
 */
public final class TraceConversations implements SessionScript {

    /** Each session's rows, as indices into {@link #rows}. */
    private final List<List<Integer>> sessions;
    private final List<TraceEntry> rows;
    private final ShapeSource prompts;
    /** Row i's prompt of its lengths, or null: the study's prompts. */
    private final IntFunction<RequestShape> built;

    private TraceConversations(List<List<Integer>> sessions, List<TraceEntry> rows, ShapeSource prompts,
                               IntFunction<RequestShape> built) {
        this.sessions = sessions;
        this.rows = rows;
        this.prompts = prompts;
        this.built = built;
    }

    /** The conversations of {@code scheduled} (a slice's rows at their scheduled offsets, in order). */
    public static TraceConversations of(List<TraceEntry> scheduled, ShapeSource prompts) {
        List<List<Integer>> sessions = new ArrayList<>();
        Map<Long, Integer> sessionOf = new HashMap<>();
        for (int i = 0; i < scheduled.size(); i++) {
            TraceEntry row = scheduled.get(i);
            TraceEntry.TraceTurn t = row.turn();
            Integer session = t == null || t.parentChatId() == null ? null : sessionOf.get(t.parentChatId());
            if (session == null
                    || scheduled.get(sessions.get(session).getLast()).turn().chatId() != t.parentChatId()) {
                session = sessions.size(); // a first turn, an orphan, or a branch off an earlier turn
                sessions.add(new ArrayList<>());
            }
            sessions.get(session).add(i);
            if (t != null) {
                sessionOf.put(t.chatId(), session);
            }
        }
        return new TraceConversations(sessions, List.copyOf(scheduled), prompts, null);
    }

    /**
     * These conversations with each turn's message built to its row's lengths: {@code byRow} gives row i's request
     * ({@link TracePrompts.Prepared#anyOrder}). The server's prompt of a later turn also holds the history, so only the
     * output length is judged against the trace ({@code requested_input_tokens} stays empty).
     */
    public TraceConversations withLengths(IntFunction<RequestShape> byRow) {
        return new TraceConversations(sessions, rows, prompts, byRow);
    }

    /** Whether the rows come from a session trace (every row has its conversation fields). */
    public static boolean isSessionTrace(List<TraceEntry> rows) {
        return !rows.isEmpty() && rows.stream().allMatch(r -> r.turn() != null);
    }

    /** Each session's start offset, in seconds: its first row's scheduled instant (ascending). */
    public double[] starts() {
        return sessions.stream().mapToDouble(s -> rows.get(s.getFirst()).offsetSeconds()).toArray();
    }

    @Override
    public int turns(int session) {
        return sessions.get(session).size();
    }

    @Override
    public double thinkSeconds(int session, int turn) {
        return 0.0;
    }

    @Override
    public double recordedOffsetSeconds(int session, int turn) {
        return row(session, turn).offsetSeconds();
    }

    @Override
    public RequestShape turn(int session, int turn) {
        if (built != null) {
            RequestShape shape = built.apply(sessions.get(session).get(turn - 1));
            return new RequestShape(shape.index(), shape.payload(),
                    new RequestWorkload(null, shape.workload().requestedOutputTokens(), null));
        }
        TraceEntry row = row(session, turn);
        RequestShape shape = prompts.shape(Math.floorMod(session * 7919 + turn - 1, Integer.MAX_VALUE));
        if (row.outputTokens() == null) {
            return shape;
        }
        Map<String, Object> payload = new HashMap<>(shape.payload());
        payload.put("max_tokens", row.outputTokens());
        return new RequestShape(shape.index(), payload, new RequestWorkload(null, row.outputTokens(), null));
    }

    private TraceEntry row(int session, int turn) {
        return rows.get(sessions.get(session).get(turn - 1));
    }
}
