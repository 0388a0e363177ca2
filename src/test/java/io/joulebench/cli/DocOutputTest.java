package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class DocOutputTest {

    @Test
    void literal_lines_must_match_exactly_and_cover_the_whole_output() {
        assertThat(DocOutput.matches(List.of("a", "b"), List.of("a", "b"))).isTrue();
        assertThat(DocOutput.matches(List.of("a", "b"), List.of("a", "c"))).isFalse();
        assertThat(DocOutput.matches(List.of("a"), List.of("a", "b"))).isFalse();
        assertThat(DocOutput.matches(List.of("a (x)"), List.of("a (y)"))).isFalse();
    }

    @Test
    void an_ellipsis_stands_for_any_text_and_a_line_of_it_for_any_lines() {
        assertThat(DocOutput.matches(List.of("Usage: joulebench [-hvV] [COMMAND]", "…"),
                List.of("Usage: joulebench [-hvV] [COMMAND]", "x", "y"))).isTrue();
        assertThat(DocOutput.matches(List.of("…"), List.of())).isTrue();
        assertThat(DocOutput.matches(List.of("head,…", "…"), List.of("head,a,b"))).isTrue();
        assertThat(DocOutput.matches(List.of("start", "…", "end"), List.of("start", "1", "2", "end"))).isTrue();
        assertThat(DocOutput.matches(List.of("start", "…", "end"), List.of("start", "1", "2"))).isFalse();
    }

    @Test
    void ellipsis_slash_stands_for_any_leading_folders_or_none() {
        List<String> doc = List.of("s.yaml: file not found: …/examples/s.yaml");
        assertThat(DocOutput.matches(doc, List.of("s.yaml: file not found: /work/repo/examples/s.yaml"))).isTrue();
        assertThat(DocOutput.matches(doc, List.of("s.yaml: file not found: examples/s.yaml"))).isTrue();
        assertThat(DocOutput.matches(doc, List.of("s.yaml: file not found: xexamples/s.yaml"))).isFalse();
    }
}
