package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StudyDefaultsTest {

    @Test
    void a_keys_default_is_written_as_a_study_file_would_and_a_key_without_one_has_none() {
        assertThat(StudyDefaults.of("server.traffic.window_seconds")).contains("240");
        assertThat(StudyDefaults.of("server.stability_cv_threshold")).contains("0.05");
        assertThat(StudyDefaults.of("server.warmup.mode")).contains("composite");
        assertThat(StudyDefaults.of("engine")).contains("reference");
        assertThat(StudyDefaults.of("server.traffic.seed")).isEmpty();
        assertThat(StudyDefaults.of("server.traffic.no_such_key")).isEmpty();
        assertThat(StudyDefaults.of("engine.deeper")).isEmpty();
    }
}
