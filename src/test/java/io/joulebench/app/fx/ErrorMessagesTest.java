package io.joulebench.app.fx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class ErrorMessagesTest {

    @Test
    void the_dialog_detail_is_the_causes_in_plain_words_without_a_stack_trace() {
        Exception e = new IllegalStateException("the run could not start",
                new IOException("connection refused"));
        String detail = ErrorMessages.plainDetail(e);
        assertThat(detail).isEqualTo("the run could not start\nbecause: connection refused\n"
                + "The full technical detail is in the log.");
        assertThat(detail).doesNotContain("\tat ").doesNotContain("Exception");
        assertThat(ErrorMessages.detail(e)).contains("\tat ").as("the log keeps the trace");
    }

    @Test
    void a_user_message_or_no_cause_has_no_detail_at_all() {
        assertThat(ErrorMessages.plainDetail(new UserMessageException("the study has 1 problem"))).isEmpty();
        assertThat(ErrorMessages.plainDetail(null)).isEmpty();
    }
}
