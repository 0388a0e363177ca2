package io.joulebench.core.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.study.Prompt;
import io.joulebench.core.study.PromptDataset;
import io.joulebench.engine.Tokenizer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Prompts of a row's exact length in the engine's tokens, with the row's shared prefix and nothing else shared. */
class ExactLengthPromptBuilderTest {

    static final List<String> BUILTIN = PromptDataset.builtin().stream().map(Prompt::text).toList();
    private static final int B = PromptRow.DEFAULT_BLOCK_SIZE;

    private static PromptRow row(int n, int... hashIds) {
        return new PromptRow(n, hashIds, B, 64);
    }

    /** Lengths around block edges, with and without hash ids, one id per started block as Mooncake writes them. */
    static List<PromptRow> mixedRows() {
        List<PromptRow> rows = new ArrayList<>();
        int[] lengths = {1, 7, 100, 511, 512, 513, 1000, 1024, 1537, 4096, 6000};
        int nextId = 0;
        for (int i = 0; i < lengths.length; i++) {
            int n = lengths[i];
            int blocks = (n + B - 1) / B;
            int[] ids = new int[i % 3 == 2 ? 0 : blocks];
            for (int k = 0; k < ids.length; k++) {
                ids[k] = k < 2 ? k : nextId++ + 100; // the first two blocks are shared by every row that has them
            }
            rows.add(row(n, ids));
        }
        return rows;
    }

    private static List<BuiltPrompt> buildAll(ExactLengthPromptBuilder builder, List<PromptRow> rows)
            throws Exception {
        List<BuiltPrompt> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            out.add(builder.build(i, rows.get(i)));
        }
        return out;
    }

    @Test
    void every_prompt_has_exactly_the_rows_length_by_the_reference_engines_own_count() throws Exception {
        ExactLengthPromptBuilder builder = new ExactLengthPromptBuilder(
                new RuleTokenizer(RuleTokenizer.Rule.REFERENCE), BUILTIN, 7);
        List<PromptRow> rows = mixedRows();

        for (BuiltPrompt p : buildAll(builder, rows)) {
            assertThat(Tokenizer.count(p.text())).as("request %d", p.index()).isEqualTo(p.requestedInputTokens());
            assertThat(p.builtInputTokens()).isEqualTo(p.requestedInputTokens());
            assertThat(p.requestedInputTokens()).isEqualTo(rows.get(p.index()).inputTokens());
            assertThat(p.requestedOutputTokens()).isEqualTo(64);
        }
    }

    @Test
    void a_byte_level_tokenizer_gets_its_length_within_two_tokens_even_across_cut_characters() throws Exception {
        List<String> corpus = new ArrayList<>(BUILTIN);
        corpus.add("Crème brûlée, smørrebrød, Straße, 東京の天気は晴れです, 😀 — ünïcödé everywhere.".repeat(20));
        ExactLengthPromptBuilder builder = new ExactLengthPromptBuilder(
                new RuleTokenizer(RuleTokenizer.Rule.BYTES), corpus, 11);

        int exact = 0;
        List<BuiltPrompt> prompts = buildAll(builder, mixedRows());
        for (BuiltPrompt p : prompts) {
            int bytes = p.text().getBytes(StandardCharsets.UTF_8).length;
            assertThat(p.builtInputTokens()).isEqualTo(bytes);
            assertThat(Math.abs(bytes - p.requestedInputTokens())).as("request %d", p.index())
                    .isLessThanOrEqualTo(Math.max(2, p.requestedInputTokens() / 50));
            exact += bytes == p.requestedInputTokens() ? 1 : 0;
        }
        assertThat(exact).as("exact prompts").isGreaterThanOrEqualTo(prompts.size() - 1);
    }

    @Test
    void identical_leading_hash_ids_give_identical_leading_text_and_a_different_id_different_text()
            throws Exception {
        RuleTokenizer counter = new RuleTokenizer(RuleTokenizer.Rule.REFERENCE);
        ExactLengthPromptBuilder builder = new ExactLengthPromptBuilder(counter, BUILTIN, 3);

        String a = builder.build(0, row(1600, 1, 2, 3, 4)).text();
        String b = builder.build(1, row(1700, 1, 2, 9, 10)).text();
        String c = builder.build(2, row(600, 5, 6)).text();
        String d = builder.build(3, row(600, 6, 5)).text();

        int common = Tokenizer.count(a.substring(0, commonPrefix(a, b)));
        assertThat(common).as("two shared blocks").isGreaterThanOrEqualTo(2 * B).isLessThan(2 * B + 8);
        assertThat(Tokenizer.count(c.substring(0, commonPrefix(c, d)))).as("different first block").isLessThan(4);
    }

    @Test
    void rows_without_hash_ids_share_nothing_even_at_the_same_length() throws Exception {
        ExactLengthPromptBuilder builder = new ExactLengthPromptBuilder(
                new RuleTokenizer(RuleTokenizer.Rule.REFERENCE), BUILTIN, 3);
        List<BuiltPrompt> prompts = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            prompts.add(builder.build(i, row(800)));
        }
        for (int i = 1; i < prompts.size(); i++) {
            String x = prompts.get(0).text();
            String y = prompts.get(i).text();
            assertThat(Tokenizer.count(x.substring(0, commonPrefix(x, y)))).isLessThan(4);
            assertThat(prompts.get(i).sharedPrefixTokens()).isZero();
        }
    }

    @Test
    void shared_prefix_tokens_count_the_leading_full_blocks_an_earlier_request_had() throws Exception {
        ExactLengthPromptBuilder builder = new ExactLengthPromptBuilder(
                new RuleTokenizer(RuleTokenizer.Rule.REFERENCE), BUILTIN, 5);
        List<PromptRow> rows = List.of(
                row(1536, 1, 2, 3),     // first: nothing seen
                row(1536, 1, 2, 4),     // two leading blocks seen
                row(1400, 1, 2, 3),     // all three seen, but the third is partial: built from the request's own ids
                row(1536, 7, 1, 2),     // seen ids not at the lead: nothing shared
                row(900),               // no ids
                row(2048, 1, 2, 3, 5),  // three seen
                row(300, 1));           // block 1 seen, but 300 < one block: no full block to share

        List<BuiltPrompt> prompts = buildAll(builder, rows);

        assertThat(prompts).extracting(BuiltPrompt::sharedPrefixTokens)
                .containsExactly(0, 2 * B, 2 * B, 0, 0, 3 * B, 0);
        // and the count is what the text has: request 5 starts with request 0's whole text
        assertThat(prompts.get(5).text()).startsWith(prompts.get(0).text().substring(0, commonPrefix(
                prompts.get(0).text(), prompts.get(5).text())));
        assertThat(Tokenizer.count(prompts.get(0).text().substring(0,
                commonPrefix(prompts.get(0).text(), prompts.get(5).text())))).isGreaterThanOrEqualTo(3 * B);
    }

    @Test
    void the_same_seed_builds_the_same_prompts_and_another_seed_other_ones() throws Exception {
        List<PromptRow> rows = mixedRows();
        List<String> first = buildAll(new ExactLengthPromptBuilder(
                new RuleTokenizer(RuleTokenizer.Rule.REFERENCE), BUILTIN, 42), rows).stream()
                .map(BuiltPrompt::text).toList();
        List<String> again = buildAll(new ExactLengthPromptBuilder(
                new RuleTokenizer(RuleTokenizer.Rule.REFERENCE), BUILTIN, 42), rows).stream()
                .map(BuiltPrompt::text).toList();
        List<String> other = buildAll(new ExactLengthPromptBuilder(
                new RuleTokenizer(RuleTokenizer.Rule.REFERENCE), BUILTIN, 43), rows).stream()
                .map(BuiltPrompt::text).toList();

        assertThat(again).isEqualTo(first);
        long differing = IntStream.range(0, rows.size()).filter(i -> !other.get(i).equals(first.get(i))).count();
        assertThat(differing).as("prompts of at least a few tokens differ").isGreaterThanOrEqualTo(rows.size() - 2);
    }

    @Test
    void the_block_cache_stays_within_its_size_and_an_evicted_block_is_rebuilt_identical() throws Exception {
        ExactLengthPromptBuilder builder = new ExactLengthPromptBuilder(
                new RuleTokenizer(RuleTokenizer.Rule.REFERENCE), BUILTIN, 9, 2);
        String first = builder.build(0, row(2 * B, 1, 2)).text();
        for (int i = 1; i <= 5; i++) {
            builder.build(i, row(B, 10 + i));
            assertThat(builder.cachedBlocks()).isLessThanOrEqualTo(2);
        }
        String again = builder.build(6, row(2 * B, 1, 2)).text();

        assertThat(Tokenizer.count(first.substring(0, commonPrefix(first, again)))).isGreaterThanOrEqualTo(2 * B);
    }

    /** Random lengths up to 8k and Mooncake-like chains: how often each tokenizer gets the length exactly. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(RuleTokenizer.Rule.class)
    void three_hundred_trace_like_rows_are_all_within_the_bound_and_nearly_all_exact(RuleTokenizer.Rule rule)
            throws Exception {
        List<String> corpus = new ArrayList<>(BUILTIN);
        corpus.add("Crème brûlée, smørrebrød, Straße, 東京の天気は晴れです, 😀 — ünïcödé everywhere. ".repeat(20));
        ExactLengthPromptBuilder builder = new ExactLengthPromptBuilder(new RuleTokenizer(rule), corpus, 1);
        java.util.Random random = new java.util.Random(5);
        int exact = 0;
        int worst = 0;
        for (int i = 0; i < 300; i++) {
            int n = 1 + random.nextInt(8192);
            int[] ids = new int[(n + B - 1) / B];
            int chain = random.nextInt(4); // four conversation chains that share their leading blocks
            for (int k = 0; k < ids.length; k++) {
                ids[k] = k < 3 ? chain * 1000 + k : 100_000 + i * 100 + k;
            }
            BuiltPrompt p = builder.build(i, row(n, ids));
            int miss = Math.abs(p.builtInputTokens() - n);
            assertThat(miss).as("request %d of %d tokens", i, n).isLessThanOrEqualTo(Math.max(2, n / 50));
            exact += miss == 0 ? 1 : 0;
            worst = Math.max(worst, miss);
        }
        System.out.printf("%s: %d of 300 exact, worst miss %d token(s)%n", rule, exact, worst);
        assertThat(exact).isGreaterThanOrEqualTo(297);
    }

    @Test
    void text_that_tokenizes_differently_once_joined_is_corrected_to_the_length() throws Exception {
        // The estimate chunks text by four characters from its start, so a block's ids seldom survive being joined:
        // only the tail's correction can bring the count to the row's.
        EstimatePromptTokenizer estimate = new EstimatePromptTokenizer();
        ExactLengthPromptBuilder builder = new ExactLengthPromptBuilder(estimate, BUILTIN, 2);
        java.util.Random random = new java.util.Random(8);
        int exact = 0;
        for (int i = 0; i < 100; i++) {
            int n = 600 + random.nextInt(3000);
            BuiltPrompt p = builder.build(i, row(n, random.nextInt(3), 50 + i));
            assertThat(estimate.tokenize(p.text())).hasSize(p.builtInputTokens());
            assertThat(Math.abs(p.builtInputTokens() - n)).isLessThanOrEqualTo(Math.max(2, n / 50));
            exact += p.builtInputTokens() == n ? 1 : 0;
        }
        assertThat(exact).isGreaterThanOrEqualTo(97);
    }

    static int commonPrefix(String a, String b) {
        int n = Math.min(a.length(), b.length());
        int i = 0;
        while (i < n && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i;
    }
}
