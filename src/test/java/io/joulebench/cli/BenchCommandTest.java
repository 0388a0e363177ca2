package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.traffic.HttpClientKind;
import com.sun.net.httpserver.HttpServer;
import io.joulebench.core.workload.EstimatePromptTokenizer;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CopyOnWriteArrayList;
import java.io.StringWriter;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BenchCommandTest {

    private record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var cl = JoulebenchCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void issuance_json_has_exactly_the_documented_keys_and_counts_every_request() throws Exception {
        Run run = run("bench", "issuance", "--rate", "40", "--duration", "0.5", "--warmup", "0", "--jit-warmup", "50",
                "--seed", "3", "--format", "json");
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out().strip().lines()).hasSize(1);
        JsonNode json = new ObjectMapper().readTree(run.out());
        List<String> keys = new ArrayList<>();
        json.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("target_rate", "achieved_rate", "issued", "completed", "errors",
                "retried", "lateness_p50_us", "lateness_p99_us", "lateness_p999_us", "lateness_max_us",
                "write_lateness_p50_us", "write_lateness_p99_us", "write_lateness_p999_us", "write_lateness_max_us",
                "client_cpu_pct", "pacer_realtime", "pacer_priority", "prompt_tokens", "prompts_late",
                "tokens_received", "tokens_per_s", "receipt_lag_p50_us", "receipt_lag_p99_us", "receipt_lag_p999_us",
                "receipt_lag_max_us", "receipt_lag_negative", "ttft_distortion_p50_us", "ttft_distortion_p99_us",
                "itl_distortion_p1_us", "itl_distortion_p50_us", "itl_distortion_p99_us", "client_cpu_us_per_token",
                "client_cpu_us_per_request", "server_tokens", "server_ttft_ms", "server_itl_ms", "error_kinds");
        assertThat(json.get("error_kinds").isEmpty()).as("no errors, no kinds").isTrue();
        assertThat(json.get("pacer_realtime").isBoolean()).as("the pacer's class is always said").isTrue();
        assertThat(json.get("pacer_priority").asText()).isNotBlank();
        assertThat(json.get("tokens_received").asInt()).isEqualTo(json.get("issued").asInt());
        assertThat(json.get("receipt_lag_p50_us").isNull()).as("one-token responses carry no t_send_ns").isTrue();
        assertThat(json.get("server_tokens").isNull()).isTrue();
        assertThat(json.get("target_rate").asDouble()).isEqualTo(40.0);
        assertThat(json.get("issued").asInt()).isPositive();
        assertThat(json.get("completed").asInt()).isEqualTo(json.get("issued").asInt());
        assertThat(json.get("errors").asInt()).isZero();
        assertThat(json.get("lateness_p50_us").asDouble()).isLessThanOrEqualTo(json.get("lateness_max_us").asDouble());
        assertThat(json.get("write_lateness_p99_us").isNumber()).as("the default, nio, writes from the pacer").isTrue();
        Run http5 = run("bench", "issuance", "--rate", "40", "--duration", "0.3", "--warmup", "0", "--jit-warmup", "0",
                "--client", "http5", "--format", "json");
        assertThat(new ObjectMapper().readTree(http5.out()).get("write_lateness_p99_us").isNull())
                .as("http5 writes on its own thread: not measured").isTrue();
    }

    @Test
    void issuance_over_nio_reports_strict_write_lateness_beside_dispatch_lateness() throws Exception {
        Run run = run("bench", "issuance", "--rate", "200", "--duration", "0.5", "--warmup", "0", "--jit-warmup", "50",
                "--client", "nio", "--format", "json");
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(run.out());
        assertThat(json.get("errors").asInt()).isZero();
        assertThat(json.get("completed").asInt()).isEqualTo(json.get("issued").asInt()).isPositive();
        assertThat(json.get("tokens_received").asInt()).isEqualTo(json.get("issued").asInt());
        // each request's write returns after its dispatch stamp, so every percentile is at least as late
        assertThat(json.get("write_lateness_p50_us").asDouble())
                .isGreaterThanOrEqualTo(json.get("lateness_p50_us").asDouble())
                .isLessThanOrEqualTo(json.get("write_lateness_max_us").asDouble());
        assertThat(json.get("write_lateness_p99_us").asDouble())
                .isGreaterThanOrEqualTo(json.get("lateness_p99_us").asDouble());
        Run text = run("bench", "issuance", "--rate", "100", "--duration", "0.3", "--warmup", "0", "--jit-warmup", "0",
                "--client", "nio", "--tokens", "4", "--itl-ms", "1");
        assertThat(text.exit()).as(text.err()).isZero();
        assertThat(text.out()).contains("via nio").contains(" 0 errors").contains("(write returned - scheduled)")
                .contains(" 0 negative)");
    }

    @Test
    void nio_over_https_is_bad_input_naming_the_option() {
        Run run = run("bench", "issuance", "--rate", "1", "--duration", "1", "--client", "nio",
                "--target", "https://127.0.0.1:1");
        assertThat(run.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.err()).startsWith("joulebench: --client nio speaks plain http:// only").doesNotContain("Exception");
    }

    @Test
    void issuance_against_a_streaming_null_server_reports_every_token_with_its_receipt_lag() throws Exception {
        Run run = run("bench", "issuance", "--rate", "40", "--duration", "0.5", "--warmup", "0", "--jit-warmup", "0",
                "--tokens", "4", "--itl-ms", "2", "--ttft-ms", "1", "--format", "json");
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(run.out());
        assertThat(json.get("errors").asInt()).isZero();
        assertThat(json.get("tokens_received").asInt()).isEqualTo(4 * json.get("issued").asInt()).isPositive();
        assertThat(json.get("receipt_lag_negative").asInt()).isZero();
        assertThat(json.get("receipt_lag_p50_us").asDouble())
                .isLessThanOrEqualTo(json.get("receipt_lag_p99_us").asDouble())
                .isLessThanOrEqualTo(json.get("receipt_lag_max_us").asDouble());
        assertThat(json.get("server_tokens").asInt()).isEqualTo(4);
        assertThat(json.get("server_ttft_ms").asDouble()).isEqualTo(1.0);
        assertThat(json.get("server_itl_ms").asDouble()).isEqualTo(2.0);
        assertThat(json.get("itl_distortion_p50_us").isNumber()).isTrue();
        assertThat(json.get("ttft_distortion_p50_us").isNumber()).isTrue();
        assertThat(json.get("client_cpu_us_per_token").asDouble()).isPositive();
    }

    @Test
    void streaming_options_are_checked_and_belong_to_the_in_process_server() {
        assertThat(run("bench", "issuance", "--rate", "1", "--duration", "1", "--tokens", "4", "--itl-ms", "1",
                "--target", "http://127.0.0.1:1").err()).contains("--tokens sets the in-process null server");
        assertThat(run("bench", "issuance", "--rate", "1", "--duration", "1", "--tokens", "4").err())
                .contains("--tokens needs --itl-ms");
        assertThat(run("bench", "null-server", "--itl-ms", "5").err()).contains("--itl-ms and --ttft-ms need --tokens");
        Run bad = run("bench", "null-server", "--tokens", "0", "--itl-ms", "5");
        assertThat(bad.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(bad.err()).startsWith("joulebench: --tokens must be a whole number from 1");
        assertThat(run("bench", "null-server", "--tokens", "3", "--itl-ms", "-1").err())
                .contains("--itl-ms must be a finite number ≥ 0");
    }

    @Test
    void instant_transport_measures_the_issuer_without_a_server() {
        Run run = run("bench", "issuance", "--rate", "200", "--duration", "0.5", "--warmup", "0",
                "--transport", "instant");
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("instant in-process transport").contains(" 0 errors");
        assertThat(run("bench", "issuance", "--rate", "1", "--duration", "1", "--transport", "instant",
                "--target", "http://127.0.0.1:1").err()).contains("--target cannot be combined with --transport instant");
    }

    @Test
    void issuance_against_a_dead_target_counts_errors_instead_of_failing() {
        Run run = run("bench", "issuance", "--rate", "20", "--duration", "0.3", "--warmup", "0",
                "--jit-warmup", "0", "--target", "http://127.0.0.1:1", "--format", "text");
        assertThat(run.exit()).isZero();
        assertThat(run.out()).contains("0 completed").containsPattern("[1-9][0-9]* errors")
                .as("the errors say what they were")
                .containsPattern("error kind +[1-9][0-9]* x error: request to /v1/completions failed: .*refused");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--rate|0|--rate must be a finite number > 0",
        "--rate|abc|--rate must be a finite number > 0",
        "--duration|-1|--duration must be a finite number > 0",
        "--arrival|weird|--arrival must be one of poisson, gamma, constant",
        "--burstiness|0|--burstiness must be a finite number > 0",
        "--seed|x|--seed must be a whole number",
        "--concurrency-cap|0|--concurrency-cap must be a whole number from 1",
        "--warmup|-2|--warmup must be a finite number ≥ 0",
        "--target|ftp://host|--target must be an http(s) URL",
        "--format|xml|--format must be text or json",
        "--jit-warmup|-1|--jit-warmup must be a whole number from 0",
        "--transport|grpc|--transport must be http or instant",
        "--client|okhttp|--client must be jdk, http5 or nio",
        "--prompt-tokens|0|--prompt-tokens must be a whole number from 1 to 100000",
        "--prompt-tokens|lots|--prompt-tokens must be a whole number from 1 to 100000",
    })
    void issuance_bad_value_is_one_line_naming_the_option_exit_2(String option, String value, String message) {
        List<String> args = new ArrayList<>(List.of("bench", "issuance", "--rate", "10", "--duration", "1"));
        int at = args.indexOf(option);
        if (at >= 0) {
            args.set(at + 1, value);
        } else {
            args.addAll(List.of(option, value));
        }
        Run run = run(args.toArray(String[]::new));
        assertThat(run.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.err().strip().lines()).hasSize(1);
        assertThat(run.err()).startsWith("joulebench: " + message).doesNotContain("Exception");
    }

    @ParameterizedTest
    @CsvSource({"1000", "250"})
    void issuance_with_prompt_tokens_sends_prompts_of_that_many_tokens(int tokens) throws Exception {
        List<String> bodies = new CopyOnWriteArrayList<>();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        byte[] answer = ("data: {\"choices\":[{\"text\":\"x\",\"index\":0,\"finish_reason\":\"length\"}]}\n\n"
                + "data: [DONE]\n\n").getBytes(StandardCharsets.UTF_8);
        server.createContext("/v1/completions", exchange -> {
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        server.start();
        try {
            Run run = run("bench", "issuance", "--rate", "40", "--duration", "0.3", "--warmup", "0", "--jit-warmup",
                    "0", "--target", "http://127.0.0.1:" + server.getAddress().getPort(), "--prompt-tokens",
                    String.valueOf(tokens), "--format", "json");
            assertThat(run.exit()).as(run.err()).isZero();
            JsonNode json = new ObjectMapper().readTree(run.out());
            assertThat(json.get("prompt_tokens").asInt()).isEqualTo(tokens);
            assertThat(json.get("prompts_late").isInt()).isTrue();
            assertThat(json.get("errors").asInt()).isZero();
            assertThat(bodies).hasSize(json.get("issued").asInt()).isNotEmpty().allSatisfy(body -> {
                String prompt = new ObjectMapper().readTree(body).get("prompt").asText();
                assertThat(new EstimatePromptTokenizer().count(prompt)).isEqualTo(tokens);
            });
            assertThat(bodies.stream().distinct().count()).as("each request its own prompt").isEqualTo(bodies.size());
        } finally {
            server.stop(0);
        }
    }

    @Test
    void issuance_without_prompt_tokens_sends_the_one_word_prompt_and_reports_none() throws Exception {
        Run run = run("bench", "issuance", "--rate", "40", "--duration", "0.2", "--warmup", "0", "--jit-warmup", "0",
                "--format", "json");
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(run.out());
        assertThat(json.get("prompt_tokens").isNull()).isTrue();
        assertThat(json.get("prompts_late").isNull()).isTrue();
    }

    @Test
    void issuance_text_names_the_prompts_built_with_prompt_tokens() {
        Run run = run("bench", "issuance", "--rate", "40", "--duration", "0.2", "--warmup", "0", "--jit-warmup", "0",
                "--transport", "instant", "--prompt-tokens", "300");
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out())
                .containsPattern("prompts +300 tokens each \\(client-side estimate.*\\), \\d+ of \\d+ not built");
    }

    @Test
    void issuance_without_rate_or_duration_is_bad_input() {
        assertThat(run("bench", "issuance", "--duration", "1").err()).contains("--rate is required");
        assertThat(run("bench", "issuance", "--rate", "1").exit()).isEqualTo(ExitCodes.BAD_INPUT);
    }

    @Test
    void issuance_help_names_the_client_sessions_use_by_default() {
        String help = run("bench", "issuance", "--help").out().replaceAll("\\s+", " ");
        assertThat(help).contains("Default: " + HttpClientKind.defaultFor(URI.create("http://127.0.0.1:1/")).label()
                + ", or " + HttpClientKind.defaultFor(URI.create("https://127.0.0.1:1/")).label() + " for an https://");
    }

    @Test
    void null_server_port_out_of_range_is_bad_input() {
        Run run = run("bench", "null-server", "--port", "70000");
        assertThat(run.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.err()).startsWith("joulebench: --port must be a whole number from 0 to 65535");
    }

    @Test
    void null_server_prints_the_url_line_scripts_read_alone_and_its_schedule_on_the_next_line() throws Exception {
        CommandLine cl = JoulebenchCommand.commandLine();
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(new StringWriter(), true));
        Thread server = Thread.ofPlatform().start(() -> cl.execute("bench", "null-server", "--port", "0",
                "--tokens", "128", "--itl-ms", "25"));
        try {
            for (int i = 0; i < 500 && out.toString().lines().count() < 2; i++) {
                Thread.sleep(20); // waiting for the server to print, not timing it
            }
        } finally {
            server.interrupt();
            server.join();
        }
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(0)).as("what .ci/run and bench/*.sh read with sed 's/^listening on //p'")
                .matches("listening on http://127\\.0\\.0\\.1:\\d+");
        URI.create(lines.get(0).replaceFirst("^listening on ", ""));
        assertThat(lines.get(1)).doesNotStartWith("listening on").contains("128 tokens", "ttft 25.0 ms", "itl 25.0 ms");
    }
}
