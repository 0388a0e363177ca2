package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TokenizerTest {

    /** Letters, digits, accented and CJK letters, punctuation, whitespace, emoji and a math letter (surrogate pairs). */
    private static final String[] ALPHABET = {
        "a", "Z", "q", "7", "0", "é", "ü", "ß", "字", "語", ",", ".", "!", "?", "-", "'", "\"", "(", "+", "=", " ",
        " ", "  ", "\n", "\t", "😀", "🚀", "𝐀", "\u00a0", "internationalization", "supercalifragilistic"
    };

    @ParameterizedTest(name = "''{0}'' is {1} tokens")
    @CsvSource(delimiter = '|', value = {
        "''|0",
        "'   '|0",
        "Hello, world!|4",
        "internationalization|3",
        "abcdefgh|1",
        "abcdefghi|2",
        "a+b=c|5",
        "über 42 ünïcödé|3",
        "😀 🚀|2",
    })
    void counts_word_pieces_and_punctuation(String text, int tokens) {
        assertThat(Tokenizer.count(text)).isEqualTo(tokens);
    }

    @Test
    void pieces_carry_their_leading_whitespace_and_rejoin_to_the_text() {
        Vocabulary v = new Vocabulary();
        int[] ids = v.tokenize(" Hello,  world!\n internationalization");
        assertThat(ids).hasSize(7);
        assertThat(v.piece(ids[0])).isEqualTo(" Hello");
        assertThat(v.piece(ids[2])).isEqualTo("  world");
        assertThat(v.piece(ids[4])).isEqualTo("\n internat");
        assertThat(v.detokenize(ids)).isEqualTo(" Hello,  world!\n internationalization");
    }

    @Test
    void ids_are_the_same_in_every_engine_and_differ_between_pieces() {
        assertThat(new Vocabulary().tokenize("the energy of a token"))
                .containsExactly(new Vocabulary().tokenize("the energy of a token"))
                .containsExactly(Tokenizer.ids("the energy of a token"));
        int[] ids = Tokenizer.ids("alpha beta gamma delta");
        assertThat(ids).doesNotHaveDuplicates();
        assertThat(java.util.Arrays.stream(ids).min().orElseThrow()).isGreaterThanOrEqualTo(Tokenizer.FIRST_PIECE_ID);
        assertThat(Tokenizer.ids(" the")).isNotEqualTo(Tokenizer.ids("the"));
    }

    @Test
    void random_texts_tokenize_to_count_and_detokenize_back() {
        SplittableRandom rng = new SplittableRandom(42);
        Vocabulary v = new Vocabulary();
        for (int n = 0; n < 2000; n++) {
            String text = randomText(rng, rng.nextInt(0, 60));
            int[] ids = v.tokenize(text);
            assertThat(ids).as("ids of '%s'", text).hasSize(Tokenizer.count(text));
            String back = v.detokenize(ids);
            assertThat(back).as("detokenized '%s'", text).isEqualTo(text.stripTrailing());
            assertThat(v.tokenize(back)).containsExactly(ids);
        }
    }

    @Test
    void a_lone_low_surrogate_costs_nothing_and_rides_with_the_next_piece() {
        String text = "a\udc00b";
        Vocabulary v = new Vocabulary();
        int[] ids = v.tokenize(text);
        assertThat(ids).hasSize(Tokenizer.count(text)).hasSize(2);
        assertThat(v.detokenize(ids)).isEqualTo(text);
    }

    private static String randomText(SplittableRandom rng, int parts) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < parts; i++) {
            b.append(ALPHABET[rng.nextInt(ALPHABET.length)]);
        }
        return b.toString();
    }
}
