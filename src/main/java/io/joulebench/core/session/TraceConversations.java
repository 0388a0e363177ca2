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

/**
 * The conversations of a replayed session trace (format {@code sessions}, docs/workloads.md): a row without a parent
 * starts a session at its scheduled instant; a row whose {@code parent_chat_id} names an earlier row is the next turn
 * of that row's session, ready at the later of its own scheduled instant and its parent's reply's end (a row whose
 * parent is not in the slice starts a session of its own). Each turn's user message is one of the study's prompts,
 * asked for the row's recorded output length as {@code max_tokens}.
 */
public final class TraceConversations implements SessionScript {

    private final List<List<TraceEntry>> sessions;
    private final ShapeSource prompts;

    private TraceConversations(List<List<TraceEntry>> sessions, ShapeSource prompts) {
        this.sessions = sessions;
        this.prompts = prompts;
    }

    /** The conversations of {@code scheduled} (a slice's rows at their scheduled offsets, in order). */
    public static TraceConversations of(List<TraceEntry> scheduled, ShapeSource prompts) {
        List<List<TraceEntry>> sessions = new ArrayList<>();
        Map<Long, Integer> sessionOf = new HashMap<>();
        for (TraceEntry row : scheduled) {
            TraceEntry.TraceTurn t = row.turn();
            Integer session = t == null || t.parentChatId() == null ? null : sessionOf.get(t.parentChatId());
            if (session == null || sessions.get(session).getLast().turn().chatId() != t.parentChatId()) {
                session = sessions.size(); // a first turn, an orphan, or a branch off an earlier turn
                sessions.add(new ArrayList<>());
            }
            sessions.get(session).add(row);
            if (t != null) {
                sessionOf.put(t.chatId(), session);
            }
        }
        return new TraceConversations(sessions, prompts);
    }

    /** Whether the rows come from a session trace (every row has its conversation fields). */
    public static boolean isSessionTrace(List<TraceEntry> rows) {
        return !rows.isEmpty() && rows.stream().allMatch(r -> r.turn() != null);
    }

    /** Each session's start offset, in seconds: its first row's scheduled instant (ascending). */
    public double[] starts() {
        return sessions.stream().mapToDouble(s -> s.getFirst().offsetSeconds()).toArray();
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
        return sessions.get(session).get(turn - 1).offsetSeconds();
    }

    @Override
    public RequestShape turn(int session, int turn) {
        TraceEntry row = sessions.get(session).get(turn - 1);
        RequestShape shape = prompts.shape(Math.floorMod(session * 7919 + turn - 1, Integer.MAX_VALUE));
        if (row.outputTokens() == null) {
            return shape;
        }
        Map<String, Object> payload = new HashMap<>(shape.payload());
        payload.put("max_tokens", row.outputTokens());
        return new RequestShape(shape.index(), payload, new RequestWorkload(null, row.outputTokens(), null));
    }
}
