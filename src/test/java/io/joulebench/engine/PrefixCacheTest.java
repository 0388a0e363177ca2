package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PrefixCacheTest {

    private static final int B = PrefixCache.BLOCK_TOKENS;

    /** {@code blocks} full blocks of ids drawn from {@code salt}, then {@code extra} more tokens. */
    private static int[] prompt(int salt, int blocks, int extra) {
        int[] ids = new int[blocks * B + extra];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = 1000 + salt * 100_000 + i;
        }
        return ids;
    }

    private static int admit(PrefixCache cache, int[] ids) {
        return cache.admit(PrefixCache.blockHashes(ids), ids.length);
    }

    @Test
    void a_shared_leading_run_of_blocks_is_served_from_the_cache() {
        PrefixCache cache = new PrefixCache(100_000);
        int[] first = prompt(1, 5, 3);
        int[] second = Arrays.copyOf(first, first.length);
        for (int i = 3 * B; i < second.length; i++) {
            second[i] += 7; // blocks 0..2 shared, block 3 differs
        }
        assertThat(admit(cache, first)).isZero();
        assertThat(admit(cache, second)).isEqualTo(3 * B);
        assertThat(admit(cache, first)).isEqualTo(5 * B);
    }

    @Test
    void a_different_first_block_hits_nothing_even_when_later_tokens_match() {
        PrefixCache cache = new PrefixCache(100_000);
        int[] first = prompt(1, 4, 0);
        int[] second = first.clone();
        second[0] = 5;
        admit(cache, first);
        assertThat(admit(cache, second)).isZero();
    }

    @Test
    void the_last_prompt_token_is_always_computed() {
        PrefixCache cache = new PrefixCache(100_000);
        int[] exact = prompt(2, 3, 0);
        admit(cache, exact);
        assertThat(admit(cache, exact)).isEqualTo(2 * B);
        assertThat(admit(cache, Arrays.copyOf(exact, 3 * B + 1))).isEqualTo(3 * B);
    }

    @Test
    void capacity_evicts_the_least_recently_used_blocks_tail_first() {
        PrefixCache cache = new PrefixCache(4 * B);
        int[] a = prompt(1, 4, 1);
        int[] b = prompt(2, 2, 1);
        admit(cache, a);
        assertThat(cache.cachedBlocks()).isEqualTo(4);
        admit(cache, b); // evicts a's last two blocks, keeps its head
        assertThat(cache.cachedBlocks()).isEqualTo(4);
        assertThat(admit(cache, a)).isEqualTo(2 * B);
        int[] c = prompt(3, 4, 1); // fills the cache alone: a's and b's blocks all go
        admit(cache, c);
        assertThat(admit(cache, a)).isZero();
        assertThat(admit(cache, prompt(2, 2, 1))).isZero();
    }

    @Test
    void capacity_zero_never_caches() {
        PrefixCache cache = new PrefixCache(0);
        int[] a = prompt(1, 8, 0);
        for (int i = 0; i < 3; i++) {
            assertThat(admit(cache, a)).isZero();
        }
        assertThat(cache.cachedBlocks()).isZero();
        assertThatThrownBy(() -> new PrefixCache(-1)).hasMessageContaining("≥ 0");
    }
}
