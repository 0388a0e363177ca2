package io.joulebench.core.window;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TokenCountCheckTest {

    @Test
    void a_ratio_more_than_five_percent_off_diverges_and_an_unknown_one_does_not() {
        assertThat(TokenCountCheck.diverges(null)).isFalse();
        assertThat(TokenCountCheck.diverges(1.0)).isFalse();
        assertThat(TokenCountCheck.diverges(1.049)).isFalse();
        assertThat(TokenCountCheck.diverges(0.951)).isFalse();
        assertThat(TokenCountCheck.diverges(1.06)).isTrue();
        assertThat(TokenCountCheck.diverges(2.0)).isTrue(); // llama.cpp's tiny byte-level model holds bytes back
        assertThat(TokenCountCheck.diverges(0.9)).isTrue();
    }
}
