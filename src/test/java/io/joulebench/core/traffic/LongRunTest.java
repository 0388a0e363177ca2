package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class LongRunTest {

    @Test
    void values_across_many_blocks_come_back_in_order_and_exact_length() {
        LongRun run = new LongRun();
        assertThat(run.toArray()).isEmpty();
        int n = 3 * LongRun.MAX_BLOCK + 77;
        for (long i = 0; i < n; i++) {
            run.add(i * 3 - 5);
        }
        assertThat(run.size()).isEqualTo(n);
        assertThat(run.toArray()).containsExactly(LongStream.range(0, n).map(i -> i * 3 - 5).toArray());
    }
}
