package io.joulebench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PlanPreviewCaptionTest {

    @Test
    void the_arrival_caption_breaks_only_between_phrases() {
        String caption = PlanPreviewView.caption(new ArrivalPreview(2, "poisson", 2000, 0.1, new int[] {1}, 1, 1));
        assertThat(caption.split("\n")).containsExactly("Arrivals\u00a0at\u00a02\u00a0req/s, poisson",
                "2000\u00a0gaps\u00a0drawn · sampled\u00a0CV\u00a01 · sampled\u00a0gamma\u00a0k\u00a01");
    }
}
