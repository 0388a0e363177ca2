package io.joulebench.core.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EstimatePromptTokenizerTest extends PromptTokenizerContract {

    @Override
    PromptTokenizer tokenizer() {
        return new EstimatePromptTokenizer();
    }

    @Test
    void four_characters_make_a_token_and_a_character_pair_is_never_split() {
        EstimatePromptTokenizer t = new EstimatePromptTokenizer();
        assertThat(t.tokenize("abcdefghi")).hasSize(3);
        int[] ids = t.tokenize("abc😀x");
        assertThat(ids).hasSize(2);
        assertThat(t.detokenize(new int[] {ids[0]})).isEqualTo("abc");
        assertThat(t.estimate()).isTrue();
    }
}
