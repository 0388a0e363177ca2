package io.joulebench.engine;

import static io.joulebench.engine.EngineClient.events;
import static io.joulebench.engine.EngineClient.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.server.EnginePreset;
import io.joulebench.core.server.ServerTokenizer;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What a trace replay asks of the reference engine over HTTP: its tokenizer, its prefix cache, forced lengths. */
class ReferenceEngineWorkloadHttpTest {

    private static final int B = PrefixCache.BLOCK_TOKENS;

    private RunningEngine engine;
    private EngineClient client;

    private void start(EngineOptions.Builder options) {
        engine = ReferenceEngine.start(options.override("decode_base_s", 0.0005).override("decode_per_seq_s", 0)
                .override("prefill_s_per_token", 0).build());
        client = new EngineClient(engine.baseUrl());
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (engine != null) {
            engine.close();
        }
    }

    private static String words(String word, int n) {
        return (" " + word).repeat(n);
    }

    private JsonNode post(String path, String body) throws Exception {
        HttpResponse<String> r = client.post(path, body);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return json(r.body());
    }

    private JsonNode completionUsage(String prompt, boolean stream) throws Exception {
        String body = "{\"prompt\":\"" + prompt + "\",\"max_tokens\":2,\"stream\":" + stream
                + ",\"stream_options\":{\"include_usage\":" + stream + "}}";
        if (!stream) {
            return post("/v1/completions", body).get("usage");
        }
        List<String> events = events(client.post("/v1/completions", body).body());
        return json(events.get(events.size() - 2)).get("usage");
    }

    @Test
    void tokenize_and_detokenize_speak_llama_cpp_and_agree_with_the_count() throws Exception {
        start(EngineOptions.builder().prefixCacheTokens(EngineOptions.SUGGESTED_PREFIX_CACHE_TOKENS));
        String text = "Héllo, wörld! internationalization 42 😀 — done.";
        JsonNode tokens = post("/tokenize", "{\"content\":\"" + text + "\",\"add_special\":false}").get("tokens");
        assertThat(tokens.size()).isEqualTo(Tokenizer.count(text));
        JsonNode back = post("/detokenize", "{\"tokens\":" + tokens + "}");
        assertThat(back.get("content").asText()).isEqualTo(text);
        JsonNode pieces = post("/tokenize", "{\"content\":\"" + text + "\",\"with_pieces\":true}").get("tokens");
        assertThat(pieces.get(0).get("id")).isEqualTo(tokens.get(0));
        assertThat(pieces.get(0).get("piece").asText()).isEqualTo("Héllo");
    }

    @Test
    void tokenizer_endpoints_reject_bad_input_naming_the_field() throws Exception {
        start(EngineOptions.builder().prefixCacheTokens(EngineOptions.SUGGESTED_PREFIX_CACHE_TOKENS));
        assertThat(client.post("/tokenize", "{\"content\":3}").statusCode()).isEqualTo(400);
        HttpResponse<String> unknown = client.post("/detokenize", "{\"tokens\":[12345]}");
        assertThat(unknown.statusCode()).isEqualTo(400);
        assertThat(json(unknown.body()).at("/error/param").asText()).isEqualTo("tokens");
        assertThat(client.get("/tokenize").statusCode()).isEqualTo(405);
    }

    @Test
    void the_product_cuts_prompts_with_the_engines_own_tokenizer() throws Exception {
        start(EngineOptions.builder().prefixCacheTokens(EngineOptions.SUGGESTED_PREFIX_CACHE_TOKENS));
        ServerTokenizer tokenizer = new ServerTokenizer(engine.baseUrl(),
                ServerTokenizer.Dialect.of(EnginePreset.REFERENCE).orElseThrow(), engine.modelName());
        String text = words("energy", 30) + ", and more.";
        ServerTokenizer.Fit fit = tokenizer.fit(text, 10);
        assertThat(fit.originalTokens()).isEqualTo(Tokenizer.count(text));
        assertThat(fit.text()).isEqualTo(words("energy", 10));
    }

    @Test
    void usage_reports_the_shared_full_blocks_as_cached_tokens() throws Exception {
        start(EngineOptions.builder().prefixCacheTokens(EngineOptions.SUGGESTED_PREFIX_CACHE_TOKENS));
        String shared = words("alpha", 3 * B);
        assertThat(completionUsage(shared + words("one", 20), false).at("/prompt_tokens_details/cached_tokens")
                .asInt()).isZero();
        JsonNode second = completionUsage(shared + words("two", 20), true);
        assertThat(second.at("/prompt_tokens_details/cached_tokens").asInt()).isEqualTo(3 * B);
        assertThat(second.get("prompt_tokens").asInt()).isEqualTo(3 * B + 20);
        JsonNode other = completionUsage(" beta" + shared, false);
        assertThat(other.at("/prompt_tokens_details/cached_tokens").asInt()).isZero();
        String metrics = client.get("/metrics").body();
        assertThat(metrics).containsPattern("(?m)^vllm:prefix_cache_hits_total\\{[^}]*\\} " + 3 * B + "$");
        assertThat(metrics).containsPattern("(?m)^vllm:prefix_cache_queries_total\\{[^}]*\\} "
                + (2 * (3 * B + 20) + 3 * B + 1) + "$");
    }

    @Test
    void chat_prompts_share_their_template_prefix_too() throws Exception {
        start(EngineOptions.builder().prefixCacheTokens(EngineOptions.SUGGESTED_PREFIX_CACHE_TOKENS));
        String body = "{\"messages\":[{\"role\":\"user\",\"content\":\"" + words("alpha", 40)
                + "\"}],\"max_tokens\":2}";
        assertThat(post("/v1/chat/completions", body).at("/usage/prompt_tokens_details/cached_tokens").asInt())
                .isZero();
        JsonNode usage = post("/v1/chat/completions", body).get("usage");
        int prompt = usage.get("prompt_tokens").asInt();
        assertThat(prompt).isEqualTo(1 + 1 + 40 + 2);
        assertThat(usage.at("/prompt_tokens_details/cached_tokens").asInt()).isEqualTo((prompt - 1) / B * B);
    }

    @Test
    void a_cache_of_zero_tokens_never_serves_from_the_cache() throws Exception {
        start(EngineOptions.builder().prefixCacheTokens(0));
        String prompt = words("alpha", 4 * B);
        for (int i = 0; i < 3; i++) {
            assertThat(completionUsage(prompt, i % 2 == 0).at("/prompt_tokens_details/cached_tokens").asInt())
                    .isZero();
        }
    }

    @Test
    void ignore_eos_generates_exactly_max_tokens() throws Exception {
        start(EngineOptions.builder().override("early_stop_fraction", 1.0));
        for (int i = 0; i < 5; i++) {
            JsonNode r = post("/v1/completions", "{\"prompt\":\"hi\",\"max_tokens\":9,\"ignore_eos\":true}");
            assertThat(r.at("/usage/completion_tokens").asInt()).isEqualTo(9);
            assertThat(r.at("/choices/0/finish_reason").asText()).isEqualTo("length");
        }
        HttpResponse<String> bad = client.post("/v1/completions",
                "{\"prompt\":\"hi\",\"max_tokens\":3,\"min_tokens\":4}");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(json(bad.body()).at("/error/param").asText()).isEqualTo("min_tokens");
    }
}
