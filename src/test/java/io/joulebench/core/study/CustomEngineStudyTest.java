package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.traffic.OpenAiEndpoint;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The custom engine block, task.api and read_timeout_seconds: what loads, what is refused, and the docs' examples. */
class CustomEngineStudyTest {

    private static final String CONTAINER = """
            serving_mode: server
            engine: custom
            runners: {custom: container}
            task: {model: org/m%s}
            custom:
              image: registry.example/my-engine:1.2
            %s
            server: {traffic: {rate: 2}}
            """;

    private static List<String> yamlBlocks(Path markdown) throws IOException {
        Matcher m = Pattern.compile("```yaml\\n(.*?)```", Pattern.DOTALL)
                .matcher(Files.readString(markdown, StandardCharsets.UTF_8));
        List<String> out = new ArrayList<>();
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void every_study_example_in_the_engines_and_studies_docs_validates() throws IOException {
        List<String> blocks = new ArrayList<>(yamlBlocks(Path.of("docs/engines.md")));
        assertThat(blocks).as("the custom container and process examples, and DCGM").hasSizeGreaterThanOrEqualTo(3);
        blocks.addAll(yamlBlocks(Path.of("docs/studies.md")));
        for (String yaml : blocks) {
            try {
                new StudyLoader().parse("doc.yaml", yaml.getBytes(StandardCharsets.UTF_8), null);
            } catch (StudyValidationException e) {
                throw new AssertionError("a docs example does not validate:\n" + yaml + "\n" + e.getMessage());
            }
        }
    }

    @Test
    void the_custom_block_is_read_whole() {
        ExperimentConfig e = StudyFixtures.load(CONTAINER.formatted(", api: chat", """
                  entrypoint: [my-engine]
                  serve_args: [serve, "{model}", --port, "{port}"]
                  extra_args: [--max-batch, "64"]
                  health_path: /healthz
                  openai_path: /v1/chat/completions
                """)).cells().getFirst().experiment();

        assertThat(e.task().api()).isEqualTo(OpenAiEndpoint.CHAT);
        assertThat(e.engineOptions().image()).isEqualTo("registry.example/my-engine:1.2");
        assertThat(e.engineOptions().entrypoint()).containsExactly("my-engine");
        assertThat(e.engineOptions().serveArgs()).containsExactly("serve", "{model}", "--port", "{port}");
        assertThat(e.engineOptions().extraArgs()).containsExactly("--max-batch", "64");
        assertThat(e.engineOptions().healthPath()).isEqualTo("/healthz");
        assertThat(e.engineOptions().openAiPath()).isEqualTo("/v1/chat/completions");
    }

    @Test
    void a_custom_engine_that_is_never_told_its_port_is_refused() {
        List<StudyError> errors = StudyFixtures.errorsOf(CONTAINER.formatted("", "  serve_args: [serve, \"{model}\"]"));
        assertThat(errors).singleElement().satisfies(err -> {
            assertThat(err.keyPath()).isEqualTo("custom.serve_args");
            assertThat(err.line()).isEqualTo(7);
            assertThat(err.format()).contains("must pass the server its port", "{port}");
        });
        List<StudyError> process = StudyFixtures.errorsOf("""
                serving_mode: server
                engine: custom
                runners: {custom: process}
                task: {model: m}
                custom: {command: [my-server, --model, "{model}"]}
                server: {traffic: {rate: 2}}
                """);
        assertThat(process).singleElement().satisfies(err -> assertThat(err.keyPath()).isEqualTo("custom.command"));
    }

    @Test
    void a_placeholder_typo_is_refused_with_the_placeholder_meant() {
        List<StudyError> errors = StudyFixtures.errorsOf(CONTAINER.formatted("",
                "  serve_args: [--port, \"{port}\"]\n  extra_args: [--metrics, \"{prot}\"]"));
        assertThat(errors).singleElement().satisfies(err -> {
            assertThat(err.keyPath()).isEqualTo("custom.extra_args[1]");
            assertThat(err.line()).isEqualTo(8);
            assertThat(err.format()).contains("unknown placeholder {prot}", "did you mean '{port}'");
        });
        assertThat(StudyFixtures.errorsOf("""
                serving_mode: server
                engine: vllm
                task: {model: m}
                vllm: {extra_args: ["--served-model-name={modle}"]}
                server: {traffic: {rate: 2}}
                """)).singleElement().satisfies(err -> assertThat(err.keyPath()).isEqualTo("vllm.extra_args[0]"));
    }

    @Test
    void an_openai_path_must_be_a_route_of_the_api_task_api_names() {
        List<StudyError> errors = StudyFixtures.errorsOf(CONTAINER.formatted("",
                "  serve_args: [--port, \"{port}\"]\n  openai_path: /v1/chat/completions"));
        assertThat(errors).singleElement().satisfies(err -> {
            assertThat(err.keyPath()).isEqualTo("custom.openai_path");
            assertThat(err.format()).contains("must end with /v1/completions", "set task.api: chat");
        });
        assertThat(StudyFixtures.errorsOf(CONTAINER.formatted("",
                "  serve_args: [--port, \"{port}\"]\n  health_path: healthz")))
                .singleElement().satisfies(err -> assertThat(err.format()).contains("custom.health_path",
                        "a URL path starting with /"));
    }

    @Test
    void task_api_and_read_timeout_are_checked_like_every_other_key() {
        List<StudyError> errors = StudyFixtures.errorsOf("""
                serving_mode: server
                task: {api: chats}
                server: {traffic: {rate: 2, read_timeout_seconds: 0}}
                """);
        assertThat(errors).extracting(StudyError::keyPath).containsExactly("task.api",
                "server.traffic.read_timeout_seconds");
        assertThat(errors.get(0).format()).contains("must be one of completions, chat", "did you mean 'chat'");
        assertThat(errors.get(1).format()).contains("must be > 0");
        ExperimentConfig e = StudyFixtures.load("serving_mode: server\nserver: {traffic: {rate: 2,"
                + " read_timeout_seconds: 300}}\n").cells().getFirst().experiment();
        assertThat(e.server().traffic().readTimeoutSeconds()).isEqualTo(300.0);
        assertThat(e.task().api()).isEqualTo(OpenAiEndpoint.COMPLETIONS);
    }
}
