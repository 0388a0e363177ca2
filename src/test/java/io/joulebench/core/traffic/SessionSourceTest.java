package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SessionSourceTest {

    /** Every session has {@code turns} turns and {@code think} seconds between them; turn k says "s{session}t{k}". */
    static SessionScript script(int turns, double think) {
        return new SessionScript() {
            @Override
            public int turns(int session) {
                return turns;
            }

            @Override
            public double thinkSeconds(int session, int turn) {
                return think;
            }

            @Override
            public RequestShape turn(int session, int turn) {
                return new RequestShape(-1, SessionSourceContractTest.userTurn("s" + session + "t" + turn));
            }
        };
    }

    /** Replies "reply-<index>" and remembers the messages each request carried. */
    private static Transport echo(Map<Integer, List<?>> seen) {
        return request -> {
            seen.put(request.index(), (List<?>) request.payload().get("messages"));
            assertThat(request.keepsReply()).isTrue();
            return new CompletionResult("reply-" + request.index(), new long[] {System.nanoTime()}, 1, 1, "stop");
        };
    }

    private static Map<Integer, List<RequestRecord>> bySession(IssuerReport report) {
        return report.records().stream().collect(Collectors.groupingBy(r -> r.workload().session().sessionId()));
    }

    @Test
    void later_turns_leave_after_the_previous_reply_plus_think_time_and_carry_the_conversation() throws Exception {
        Map<Integer, List<?>> seen = new ConcurrentHashMap<>();
        IssuerReport report = SessionSource.builder().starts(0.001, 0.002, 0.003).script(script(3, 0.005)).build()
                .run(echo(seen), null);

        assertThat(report.issuedCount()).isEqualTo(9);
        assertThat(report.completedCount()).isEqualTo(9);
        Map<Integer, List<RequestRecord>> sessions = bySession(report);
        assertThat(sessions).hasSize(3);
        sessions.forEach((id, turns) -> {
            turns.sort(Comparator.comparingInt(r -> r.workload().session().turn()));
            assertThat(turns).extracting(r -> r.workload().session().turn()).containsExactly(1, 2, 3);
            for (int k = 1; k < turns.size(); k++) {
                RequestRecord before = turns.get(k - 1);
                RequestRecord next = turns.get(k);
                assertThat(next.issuedAtNanos()).isEqualTo(before.completedAtNanos() + 5_000_000L);
                assertThat(next.dispatchedAtNanos()).isGreaterThanOrEqualTo(before.completedAtNanos());
                List<?> messages = seen.get(next.index());
                assertThat(messages).hasSize(2 * k + 1);
                assertThat(messages.get(2 * k - 1)).isEqualTo(
                        Map.of("role", "assistant", "content", "reply-" + before.index()));
                assertThat(messages.getLast()).isEqualTo(
                        Map.of("role", "user", "content", "s" + id + "t" + (k + 1)));
            }
            assertThat(turns.getLast().workload().session().last()).isTrue();
        });
        // turn 1 is open-loop; the six later turns are measured from their ready instants, apart
        assertThat(report.dispatchLateness().count()).isEqualTo(3);
        assertThat(report.turnLateness().count()).isEqualTo(6);
    }

    @Test
    void a_later_turn_is_built_in_the_think_time_before_its_ready_instant() throws Exception {
        Map<String, Long> builtAt = new ConcurrentHashMap<>();
        SessionScript timed = new SessionScript() {
            private final SessionScript plain = script(2, 0.05);

            @Override
            public int turns(int session) {
                return plain.turns(session);
            }

            @Override
            public double thinkSeconds(int session, int turn) {
                return plain.thinkSeconds(session, turn);
            }

            @Override
            public RequestShape turn(int session, int turn) {
                builtAt.put(session + "/" + turn, System.nanoTime());
                return plain.turn(session, turn);
            }
        };
        IssuerReport report = SessionSource.builder().starts(0.001, 0.002).script(timed).build()
                .run(echo(new ConcurrentHashMap<>()), null);
        List<RequestRecord> second = report.records().stream().filter(r -> r.workload().session().turn() == 2)
                .toList();
        assertThat(second).hasSize(2).allSatisfy(r -> assertThat(builtAt.get(
                r.workload().session().sessionId() + "/2")).as("built before its ready instant")
                .isLessThan(r.issuedAtNanos()));
    }

    @Test
    void a_failed_turn_ends_its_session() throws Exception {
        Transport failsSecondTurns = request -> {
            if (request.workload().session().turn() == 2) {
                throw new TransportException("refused", CompletionResult.EMPTY);
            }
            return new CompletionResult("ok", new long[] {1L}, 1, 1, "stop");
        };
        IssuerReport report = SessionSource.builder().starts(0.001, 0.002).script(script(4, 0.0)).build()
                .run(failsSecondTurns, null);
        assertThat(report.issuedCount()).isEqualTo(4);
        assertThat(report.errorCount()).isEqualTo(2);
        assertThat(report.records()).extracting(r -> r.workload().session().turn()).containsOnly(1, 2);
    }

    @Test
    void turns_ready_after_the_last_ready_instant_are_not_sent() throws Exception {
        IssuerReport report = SessionSource.builder().starts(0.001).script(script(5, 60.0)).lastReadySeconds(1.0)
                .build().run(echo(new ConcurrentHashMap<>()), null);
        assertThat(report.issuedCount()).isEqualTo(1);
        assertThat(report.records().getFirst().workload().session().turn()).isEqualTo(1);
    }
}
