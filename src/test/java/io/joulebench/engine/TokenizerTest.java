package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TokenizerTest {

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
    })
    void counts_word_pieces_and_punctuation(String text, int tokens) {
        assertThat(Tokenizer.count(text)).isEqualTo(tokens);
    }
}
