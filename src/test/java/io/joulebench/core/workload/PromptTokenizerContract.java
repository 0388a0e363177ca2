package io.joulebench.core.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** What every {@link PromptTokenizer} does; each implementation's test extends this. */
abstract class PromptTokenizerContract {

    static final String SENTENCE = "Why do people care about solar panels? Internationalization, 42 times: café.";

    /** A fresh tokenizer; the test owns anything it needs (a server) until {@link #release()}. */
    abstract PromptTokenizer tokenizer() throws Exception;

    void release() {
    }

    @Test
    void detokenizing_the_ids_of_a_text_gives_the_text_back() throws Exception {
        try {
            PromptTokenizer t = tokenizer();
            int[] ids = t.tokenize(SENTENCE);
            assertThat(ids).isNotEmpty();
            assertThat(t.detokenize(ids)).isEqualTo(SENTENCE);
        } finally {
            release();
        }
    }

    @Test
    void a_prefix_of_the_ids_is_a_prefix_of_the_text_and_retokenizes_to_as_many_ids() throws Exception {
        try {
            PromptTokenizer t = tokenizer();
            int[] ids = t.tokenize(SENTENCE);
            int half = ids.length / 2;
            String head = t.detokenize(Arrays.copyOf(ids, half));
            assertThat(SENTENCE).startsWith(head);
            assertThat(t.tokenize(head)).hasSize(half);
        } finally {
            release();
        }
    }

    @Test
    void the_same_text_always_gives_the_same_ids_and_longer_text_more_of_them() throws Exception {
        try {
            PromptTokenizer t = tokenizer();
            assertThat(t.tokenize(SENTENCE)).isEqualTo(t.tokenize(SENTENCE));
            assertThat(t.tokenize(SENTENCE + " " + SENTENCE).length).isGreaterThan(t.tokenize(SENTENCE).length);
            assertThat(t.tokenize("")).isEmpty();
        } finally {
            release();
        }
    }

    @Test
    void counting_a_text_gives_as_many_as_its_ids() throws Exception {
        try {
            PromptTokenizer t = tokenizer();
            for (String text : new String[] {"", SENTENCE, SENTENCE + " \uD83D\uDE00 " + SENTENCE, "abc\uD83D\uDE00d"}) {
                assertThat(t.count(text)).as(text).isEqualTo(t.tokenize(text).length);
            }
        } finally {
            release();
        }
    }

    @Test
    void the_label_says_what_counted() throws Exception {
        try {
            PromptTokenizer t = tokenizer();
            assertThat(t.label()).isNotBlank();
            assertThat(t.label().contains("estimate")).isEqualTo(t.estimate());
        } finally {
            release();
        }
    }
}
