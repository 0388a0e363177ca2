package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class LongRunTest {

    @Test
    void values_across_many_blocks_come_back_in_order_by_index_and_as_an_exact_array() {
        LongRun run = new LongRun();
        assertThat(run.snapshot().toArray()).isEmpty();
        int n = 3 * LongRun.MAX_BLOCK + 77;
        for (long i = 0; i < n; i++) {
            run.add(i * 3 - 5);
        }
        TokenTimes times = run.snapshot();
        assertThat(run.size()).isEqualTo(n);
        assertThat(times.size()).isEqualTo(n);
        long[] expected = LongStream.range(0, n).map(i -> i * 3 - 5).toArray();
        assertThat(times.toArray()).containsExactly(expected);
        for (int i = 0; i < n; i++) {
            assertThat(times.get(i)).as("value %d", i).isEqualTo(expected[i]);
        }
        assertThat(times.first()).isEqualTo(-5);
        assertThat(times.last()).isEqualTo(expected[n - 1]);
    }

    @Test
    void a_snapshot_taken_mid_stream_keeps_what_had_arrived_while_the_run_grows_on() {
        LongRun run = new LongRun();
        for (long i = 0; i < 100; i++) {
            run.add(i);
        }
        TokenTimes early = run.snapshot();
        for (long i = 100; i < 5_000; i++) {
            run.add(i);
        }
        assertThat(early.size()).isEqualTo(100);
        assertThat(early.toArray()).containsExactly(LongStream.range(0, 100).toArray());
        assertThat(run.snapshot().get(4_999)).isEqualTo(4_999);
        assertThatThrownBy(() -> early.get(100)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void a_plain_array_reads_the_same_way() {
        TokenTimes times = TokenTimes.of(7, 8, 9);
        assertThat(times.size()).isEqualTo(3);
        assertThat(times.get(1)).isEqualTo(8);
        assertThat(times.last()).isEqualTo(9);
        assertThat(TokenTimes.of().isEmpty()).isTrue();
    }
}
