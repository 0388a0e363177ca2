package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PromptDatasetTest {

    @Test
    void committed_builtin_set_is_the_generator_output() throws Exception {
        String committed = Files.readString(Path.of("src/main/resources" + PromptDataset.BUILTIN_RESOURCE),
                StandardCharsets.UTF_8);
        assertThat(committed).isEqualTo(BuiltinPromptsGenerator.generate());
        assertThat(committed.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(200 * 1024);
    }

    @Test
    void builtin_set_has_hundreds_of_prompts_of_varied_length_and_kind() {
        List<Prompt> all = PromptDataset.builtin();
        assertThat(all).hasSizeGreaterThanOrEqualTo(300);
        Map<String, Long> byCategory = all.stream().collect(Collectors.groupingBy(Prompt::category, Collectors.counting()));
        assertThat(byCategory).hasSizeGreaterThanOrEqualTo(5);
        int shortest = all.stream().mapToInt(p -> p.text().length()).min().orElseThrow();
        int longest = all.stream().mapToInt(p -> p.text().length()).max().orElseThrow();
        assertThat(shortest).isLessThan(100);
        assertThat(longest).isGreaterThan(2000);
        assertThat(all).extracting(Prompt::text).doesNotHaveDuplicates();
    }

    @Test
    void interleaved_order_takes_categories_in_turn_and_grouped_keeps_them_together() throws Exception {
        List<String> interleaved = PromptDataset.load(new DatasetConfig("builtin", 6, PromptOrder.INTERLEAVED), null, 1);
        List<String> categories = PromptDataset.builtin().stream().map(Prompt::category).distinct().toList();
        Map<String, String> categoryOf = PromptDataset.builtin().stream()
                .collect(Collectors.toMap(Prompt::text, Prompt::category, (a, b) -> a));
        assertThat(interleaved.stream().map(categoryOf::get).toList()).isEqualTo(categories);
        List<String> grouped = PromptDataset.load(new DatasetConfig("builtin", 6, PromptOrder.GROUPED), null, 1);
        assertThat(grouped.stream().map(categoryOf::get).distinct().toList()).containsExactly(categories.get(0));
    }

    @Test
    void shuffled_order_is_seeded() throws Exception {
        DatasetConfig config = new DatasetConfig("builtin", 20, PromptOrder.SHUFFLED);
        assertThat(PromptDataset.load(config, null, 42)).isEqualTo(PromptDataset.load(config, null, 42))
                .isNotEqualTo(PromptDataset.load(config, null, 43));
    }

    @Test
    void jsonl_accepts_prompt_or_text_fields(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("p.jsonl");
        Files.writeString(f, "{\"prompt\": \"one\"}\n\n{\"text\": \"two\", \"category\": \"x\"}\n");
        assertThat(PromptDataset.readFile(f)).containsExactly(new Prompt("one", ""), new Prompt("two", "x"));
    }

    @Test
    void jsonl_bad_rows_name_their_lines(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("p.jsonl");
        Files.writeString(f, "{\"prompt\": \"ok\"}\n[1, 2]\n{\"prompt\": \"\"}\n{oops\n{\"other\": 1}\n");
        assertThatThrownBy(() -> PromptDataset.readFile(f))
                .isInstanceOfSatisfying(PromptDatasetException.class, e -> {
                    assertThat(e.problems()).extracting(PromptDatasetException.Problem::line).containsExactly(2, 3, 4, 5);
                    assertThat(e.getMessage()).contains("p.jsonl:4: not valid JSON");
                });
    }

    @Test
    void csv_reads_quoted_fields_with_commas_and_newlines(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("p.csv");
        Files.writeString(f, "id,prompt,category\n1,\"Hello, world\",a\n2,\"two\nlines, \"\"quoted\"\"\",b\n");
        assertThat(PromptDataset.readFile(f)).containsExactly(new Prompt("Hello, world", "a"),
                new Prompt("two\nlines, \"quoted\"", "b"));
    }

    @Test
    void csv_bad_rows_name_their_lines(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("p.csv");
        Files.writeString(f, "prompt,category\nfine,a\n\"multi\nline\",b\nonly-one-field\n,c\n");
        assertThatThrownBy(() -> PromptDataset.readFile(f))
                .isInstanceOfSatisfying(PromptDatasetException.class, e -> assertThat(e.problems())
                        .extracting(PromptDatasetException.Problem::line).containsExactly(5, 6));
        Path noColumn = dir.resolve("q.csv");
        Files.writeString(noColumn, "question\nwhy\n");
        assertThatThrownBy(() -> PromptDataset.readFile(noColumn)).hasMessageContaining("q.csv:1: the header has no 'prompt'");
        Path open = dir.resolve("r.csv");
        Files.writeString(open, "prompt\nok\n\"never closed\n");
        assertThatThrownBy(() -> PromptDataset.readFile(open)).hasMessageContaining("r.csv:3: a quoted field is never closed");
    }

    @Test
    void asking_for_more_prompts_than_the_file_holds_is_an_error(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("p.jsonl"), "{\"prompt\": \"a\"}\n{\"prompt\": \"b\"}\n");
        assertThat(PromptDataset.load(new DatasetConfig("p.jsonl", 2, PromptOrder.INTERLEAVED), dir, 1))
                .containsExactly("a", "b");
        assertThatThrownBy(() -> PromptDataset.load(new DatasetConfig("p.jsonl", 3, PromptOrder.INTERLEAVED), dir, 1))
                .hasMessageContaining("n_prompts is 3 but the dataset has only 2 prompts");
    }
}
