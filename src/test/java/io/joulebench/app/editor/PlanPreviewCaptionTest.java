package io.joulebench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.Studies;
import io.joulebench.core.study.StudyPlan;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanPreviewCaptionTest {

    @TempDir
    Path dir;

    @Test
    void a_session_studys_preview_knows_its_rate_counts_sessions() {
        String sessions = Studies.QUICK.replace("serving_mode: server\n",
                "serving_mode: server\ntask: {api: chat, sessions: {turns: 3, think_seconds: 1}}\n");
        StudyPlan withSessions = StudyPlan.of(Studies.load(dir, "sessions.yaml", sessions));
        StudyPlan plain = StudyPlan.of(Studies.load(dir, "plain.yaml", Studies.QUICK));
        assertThat(PlanPreviewer.arrival(withSessions.cells().getFirst()).sessions()).isTrue();
        assertThat(PlanPreviewer.arrival(plain.cells().getFirst()).sessions()).isFalse();
    }

    @Test
    void the_arrival_caption_breaks_only_between_phrases() {
        String caption = PlanPreviewView.caption(new ArrivalPreview(2, "poisson", 2000, 0.1, new int[] {1}, 1, 1));
        assertThat(caption.split("\n")).containsExactly("Arrivals\u00a0at\u00a02\u00a0req/s, poisson",
                "2000\u00a0gaps\u00a0drawn · sampled\u00a0CV\u00a01 · sampled\u00a0gamma\u00a0k\u00a01");
    }

    @Test
    void a_session_levels_caption_counts_session_starts_per_second() {
        String caption = PlanPreviewView.caption(new ArrivalPreview(0.5, "poisson", 2000, 0.1, new int[] {1}, 1, 1,
                true));
        assertThat(caption.split("\n")[0]).isEqualTo("Session\u00a0starts\u00a0at\u00a00.5\u00a0sessions/s, poisson");
    }
}
