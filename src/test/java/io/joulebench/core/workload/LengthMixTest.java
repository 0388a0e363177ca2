package io.joulebench.core.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Iterator;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LengthMixTest {

    private static final Distribution INPUT = new Distribution.Normal(300, 80, 10, 600);
    private static final Distribution OUTPUT = new Distribution.LogNormal(40, 20, 2, 200);

    @Test
    void the_same_seed_gives_the_same_rows_and_another_seed_others() {
        LengthMix mix = new LengthMix(INPUT, OUTPUT, null, 256);
        assertThat(mix.draw(5, 50)).isDeepEqualTo(mix.draw(5, 50));
        assertThat(mix.draw(5, 50)[0]).isNotEqualTo(mix.draw(6, 50)[0]);
    }

    @Test
    void the_warmup_draws_the_same_mix_from_its_own_stream() {
        LengthMix mix = new LengthMix(INPUT, OUTPUT, null, 256);
        int n = 2000;
        int[] warm = inputs(mix.warmupRows(5), n);
        int[] measured = mix.draw(5, n)[0];
        assertThat(inputs(mix.warmupRows(5), n)).as("seeded").isEqualTo(warm);
        assertThat(warm).as("another stream than the measured requests'").isNotEqualTo(measured);
        // the same distribution: normal(300, 80) clipped to [10, 600]; the means of 2,000 draws agree within 4 %
        double warmMean = Arrays.stream(warm).average().orElseThrow();
        assertThat(warmMean).isBetween(0.96 * 300, 1.04 * 300);
        assertThat(Arrays.stream(warm).min().orElseThrow()).isGreaterThanOrEqualTo(10);
        assertThat(Arrays.stream(warm).max().orElseThrow()).isLessThanOrEqualTo(600);
    }

    private static int[] inputs(Iterator<PromptRow> rows, int n) {
        return IntStream.range(0, n).map(i -> rows.next().inputTokens()).toArray();
    }

    @Test
    void input_lengths_do_not_depend_on_whether_outputs_are_drawn() {
        assertThat(new LengthMix(INPUT, OUTPUT, null, 256).draw(3, 100)[0])
                .isEqualTo(new LengthMix(INPUT, null, null, 256).draw(3, 100)[0]);
        assertThat(new LengthMix(INPUT, null, null, 256).draw(3, 5)[1]).containsOnly(-1);
        assertThat(new LengthMix(null, OUTPUT, null, 256).draw(3, 5)[0]).containsOnly(256);
    }

    @Test
    void a_shared_prefix_leads_each_prompt_with_its_groups_block() {
        LengthMix mix = new LengthMix(new Distribution.Fixed(100), null,
                new SharedPrefix(4, 1024, SharedPrefix.Assignment.ROUND_ROBIN), 256);
        Iterator<PromptRow> rows = mix.rows(1);
        for (int i = 0; i < 8; i++) {
            PromptRow r = rows.next();
            assertThat(r.inputTokens()).isEqualTo(1124);
            assertThat(r.blockSize()).isEqualTo(1024);
            assertThat(r.hashIds()).containsExactly(i % 4);
        }
    }

    @Test
    void seeded_groups_cover_every_group_in_a_repeatable_order() {
        LengthMix mix = new LengthMix(null, null, new SharedPrefix(3, 64, SharedPrefix.Assignment.SEEDED), 8);
        Iterator<PromptRow> a = mix.rows(9);
        Iterator<PromptRow> b = mix.rows(9);
        int[] groups = IntStream.range(0, 300).map(i -> a.next().hashIds()[0]).toArray();
        assertThat(IntStream.range(0, 300).map(i -> b.next().hashIds()[0]).toArray()).isEqualTo(groups);
        assertThat(Arrays.stream(groups).distinct().sorted().toArray()).containsExactly(0, 1, 2);
        assertThat(groups).isNotEqualTo(IntStream.range(0, 300).map(i -> i % 3).toArray());
    }

    @Test
    void the_design_share_is_the_prefix_over_the_prompt_once_each_group_was_seen() {
        SharedPrefix p = new SharedPrefix(4, 1024, null);
        assertThat(p.designCachedShare(1152, 4)).isZero();
        assertThat(p.designCachedShare(1152, 1_000_000)).isCloseTo(1024.0 / 1152, org.assertj.core.data.Offset.offset(1e-5));
    }
}
