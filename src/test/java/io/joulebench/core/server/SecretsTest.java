package io.joulebench.core.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The one secret rule: what log lines, pid files and error messages mask (and results files, via Redactor). */
class SecretsTest {

    @ParameterizedTest
    @ValueSource(strings = {"HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "hf-token", "ACCESSTOKEN", "OPENAI_API_KEY",
        "APIKEY", "--apikey", "--api-key", "api_key", "KEY", "SSL_KEYFILE", "--ssl-keyfile", "AWS_SECRET_ACCESS_KEY",
        "client_secret", "DB_PASSWORD", "--password", "DB_PASSWD", "passwd", "GPG_PASSPHRASE",
        "GOOGLE_APPLICATION_CREDENTIALS", "aws-credential-file", "AUTHORIZATION", "Proxy-Authorization",
        "--token", "X-Auth-Token", "auth", "Cookie", "Set-Cookie", "BEARER"})
    void secret_names_are_recognised(String name) {
        assertThat(Secrets.isSecretName(name)).as(name).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"max_output_tokens", "max_input_tokens", "--max-num-batched-tokens", "mj_per_token",
        "j_per_token", "prefill_s_per_token", "--tokenizer", "tokenizer_mode", "KEYBOARD", "HF_HOME",
        "CUDA_VISIBLE_DEVICES", "MODEL", "--port", "session_id", "author", "PWD", "LOG_LEVEL"})
    void ordinary_names_are_not_secret(String name) {
        assertThat(Secrets.isSecretName(name)).as(name).isFalse();
    }

    @Test
    void the_argument_after_any_secret_flag_is_masked_and_others_are_kept() {
        List<String> args = List.of("engine", "--apikey", "sekrit-1", "--api-key", "sekrit-2", "--token", "sekrit-3",
                "--password", "sekrit-4", "--max-tokens", "16", "--port", "8000");

        assertThat(Secrets.maskArgs(args)).containsExactly("engine", "--apikey", "****", "--api-key", "****",
                "--token", "****", "--password", "****", "--max-tokens", "16", "--port", "8000");
    }

    @Test
    void inline_flag_env_and_header_forms_are_masked() {
        List<String> args = List.of("--apikey=sekrit-1", "--hf-token=sekrit-2", "HF_TOKEN=sekrit-3",
                "--header=Authorization: Bearer sekrit-4", "Authorization: Bearer sekrit-5", "--model=m",
                "--url=http://host:8000");

        List<String> masked = Secrets.maskArgs(args);

        assertThat(String.join(" ", masked)).doesNotContain("sekrit");
        assertThat(masked).containsExactly("--apikey=****", "--hf-token=****", "HF_TOKEN=****",
                "--header=Authorization: ****", "Authorization: ****", "--model=m", "--url=http://host:8000");
        assertThat(Secrets.inlineSecret("--header=Authorization: Bearer sekrit-4")).isEqualTo("Bearer sekrit-4");
        assertThat(Secrets.inlineSecret("--model=m")).isNull();
    }

    @Test
    void a_secret_flag_with_an_inline_value_does_not_mask_the_next_argument() {
        assertThat(Secrets.maskArgs(List.of("--apikey=x1234", "--port", "8000")))
                .containsExactly("--apikey=****", "--port", "8000");
    }

    @Test
    void env_values_under_secret_names_are_masked() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("AUTHORIZATION", "Bearer sekrit");
        env.put("MY_CREDENTIALS", "sekrit");
        env.put("DB_PASSWD", "sekrit");
        env.put("LOG_LEVEL", "info");

        assertThat(Secrets.maskEnv(env)).containsExactly(Map.entry("AUTHORIZATION", "****"),
                Map.entry("MY_CREDENTIALS", "****"), Map.entry("DB_PASSWD", "****"), Map.entry("LOG_LEVEL", "info"));
    }
}
