package io.joulebench.core.traffic.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceProfileTest {

    @TempDir
    Path dir;

    /** Four rows at 0, 1, 2 and 3 s; rows 2 and 4 reuse leading blocks of row 1. */
    private TraceSlice mooncake() throws Exception {
        return TraceFiles.whole(TraceFiles.write(dir, "t.jsonl", """
                {"timestamp": 0, "input_length": 1024, "output_length": 10, "hash_ids": [1, 2]}
                {"timestamp": 1000, "input_length": 1100, "output_length": 20, "hash_ids": [1, 3, 4]}
                {"timestamp": 2000, "input_length": 600, "output_length": 30, "hash_ids": [5, 6]}
                {"timestamp": 3000, "input_length": 1024, "output_length": 40, "hash_ids": [1, 2]}
                """), null);
    }

    @Test
    void the_rate_bins_hold_every_row_at_its_scheduled_instant() throws Exception {
        TraceProfile p = TraceProfile.of(mooncake(), 2.0, 512, 3, 4);
        // span 3 s at time_scale 2 = 1.5 s, three bins of 0.5 s: rows at 0, 0.5, 1.0 and 1.5 s
        assertThat(p.replaySeconds()).isCloseTo(1.5, within(1e-9));
        assertThat(p.binSeconds()).isCloseTo(0.5, within(1e-9));
        double total = 0;
        for (double r : p.ratePerBin()) {
            total += r * p.binSeconds();
        }
        assertThat(total).isCloseTo(4, within(1e-9));
        assertThat(p.ratePerBin()[0]).isCloseTo(2.0, within(1e-9)); // one row in 0.5 s
        assertThat(p.meanRate()).isCloseTo(4 / 1.5, within(1e-9));
    }

    @Test
    void time_scale_compresses_the_schedule() throws Exception {
        TraceSlice slice = mooncake();
        assertThat(TraceProfile.of(slice, 1.0, 512, 6, 4).replaySeconds()).isCloseTo(3.0, within(1e-9));
        assertThat(TraceProfile.scheduledBetween(slice, 1.0, 0, 2)).isEqualTo(2);
        assertThat(TraceProfile.scheduledBetween(slice, 2.0, 0, 1)).isEqualTo(2);
        assertThat(TraceProfile.scheduledBetween(slice, 2.0, 0, 1.6)).isEqualTo(4);
    }

    @Test
    void the_shared_share_counts_whole_blocks_that_repeat_an_earlier_rows_leading_run() throws Exception {
        TraceProfile p = TraceProfile.of(mooncake(), 1.0, 512, 4, 4);
        // row 2 shares block 1 (512 tokens); row 4 shares blocks 1 and 2 (1024); row 3 shares nothing
        assertThat(p.promptTokens()).isEqualTo(1024 + 1100 + 600 + 1024);
        assertThat(p.sharedTokens()).isEqualTo(512 + 1024);
        assertThat(p.sharedShare()).isCloseTo(1536.0 / 3748, within(1e-12));
    }

    @Test
    void the_length_histograms_hold_every_row() throws Exception {
        TraceProfile p = TraceProfile.of(mooncake(), 1.0, 512, 4, 4);
        assertThat(p.input().max()).isEqualTo(1100);
        assertThat(java.util.Arrays.stream(p.input().counts()).sum()).isEqualTo(4);
        assertThat(p.output().max()).isEqualTo(40);
        int[] out = p.output().counts();
        // outputs 10, 20, 30, 40 in bins of 20 (41/4 rounded up to a nice 20)
        assertThat(p.output().width()).isEqualTo(20);
        assertThat(out).containsExactly(1, 2, 1);
    }

    @Test
    void a_trace_without_lengths_has_no_histograms() throws Exception {
        TraceSlice slice = TraceFiles.whole(TraceFiles.write(dir, "t.csv", "offset_s\n0\n0.5\n1\n"), null);
        TraceProfile p = TraceProfile.of(slice, 1.0, 512, 4, 4);
        assertThat(p.input()).isNull();
        assertThat(p.output()).isNull();
        assertThat(p.sharedShare()).isNaN();
    }
}
