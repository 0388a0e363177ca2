package io.joulebench.core.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The endpoint runner's keys (issue 33): what loads, what is refused and where, and how its cells group. */
class EndpointStudyTest {

    private static final String STUDY = """
            serving_mode: server
            engine: vllm
            runners: {vllm: endpoint}
            task: {model: org/m}
            vllm:
            %s
            server: {traffic: {rate: 2}}
            %s
            """;

    private static String study(String block, String sweep) {
        return STUDY.formatted(block, sweep);
    }

    @Test
    void the_url_and_key_variable_are_read_for_the_endpoint_runner() {
        Study s = StudyFixtures.load(study("  url: https://llm.example:8443/\n  api_key_env: LLM_KEY", ""));
        ExperimentConfig e = s.cells().getFirst().experiment();
        assertThat(e.runner()).isEqualTo("endpoint");
        assertThat(e.endpoint().url()).isEqualTo(URI.create("https://llm.example:8443/"));
        assertThat(e.endpoint().apiKeyEnv()).isEqualTo("LLM_KEY");
    }

    @Test
    void a_launching_runner_has_no_endpoint_and_the_reference_engine_may_be_attached_to() {
        Study s = StudyFixtures.load("""
                serving_mode: server
                runners: {reference: endpoint}
                reference: {url: "http://127.0.0.1:8123"}
                server: {traffic: {rate: 2}}
                """);
        assertThat(s.cells().getFirst().experiment().endpoint().url().getPort()).isEqualTo(8123);
        GridCell launched = StudyFixtures.load(StudyFixtures.MINIMAL).cells().getFirst();
        assertThat(launched.experiment().endpoint()).isNull();
        assertThat(launched.config().path("reference").has("url"))
                .as("no null default: a study without the keys keeps its config hash").isFalse();
    }

    @Test
    void only_the_container_runner_takes_a_suffix() {
        String yaml = "serving_mode: server\nengine: vllm\nruntime\ntask: {model: org/m}\nserver: {traffic: {rate: 2}}\n";
        assertThat(StudyFixtures.load(yaml.replace("runtime", "runners: {vllm: \"container:me/vllm:1\"}")).cells()
                .getFirst().experiment().runner()).isEqualTo("container:me/vllm:1");
        assertThat(StudyFixtures.errorsOf(yaml.replace("runtime", "runners: {vllm: \"endpoint:http://h\"}")))
                .singleElement().satisfies(e -> assertThat(e.keyPath()).isEqualTo("runners.vllm"));
    }

    @Test
    void an_endpoint_without_a_url_is_refused_at_the_runner_key() {
        List<StudyError> errors = StudyFixtures.errorsOf(study("  image: x", ""));
        assertThat(errors).singleElement().satisfies(err -> {
            assertThat(err.keyPath()).isEqualTo("vllm.url");
            assertThat(err.format()).contains("is required with runners.vllm: endpoint");
        });
    }

    @Test
    void a_url_that_is_not_http_or_has_no_host_or_holds_credentials_is_refused_naming_the_key_and_line() {
        StudyError ftp = StudyFixtures.errorsOf(study("  url: ftp://llm.example", "")).getFirst();
        assertThat(ftp.keyPath()).isEqualTo("vllm.url");
        assertThat(ftp.line()).isEqualTo(6);
        assertThat(StudyFixtures.errorsOf(study("  url: \"http://:8000/v1\"", "")).getFirst().format())
                .contains("vllm.url", "has no host name");
        StudyError creds = StudyFixtures.errorsOf(study("  url: https://me:s3cret@llm.example", "")).getFirst();
        assertThat(creds.format()).contains("vllm.url", "holds credentials", "vllm.api_key_env")
                .doesNotContain("s3cret");
    }

    @Test
    void a_key_variable_must_be_a_variable_name() {
        StudyError e = StudyFixtures.errorsOf(study("  url: http://h:8000\n  api_key_env: \"sk-abc def\"", ""))
                .getFirst();
        assertThat(e.keyPath()).isEqualTo("vllm.api_key_env");
    }

    @Test
    void url_and_key_variable_without_the_endpoint_runner_are_refused() {
        List<StudyError> errors = StudyFixtures.errorsOf("""
                serving_mode: server
                engine: vllm
                runners: {vllm: process}
                task: {model: org/m}
                vllm: {url: "http://h:8000", api_key_env: K, command: [vllm, serve, "{model}", --port, "{port}"]}
                server: {traffic: {rate: 2}}
                """);
        assertThat(errors).extracting(StudyError::keyPath).containsExactlyInAnyOrder("vllm.url", "vllm.api_key_env");
        assertThat(errors.getFirst().format()).contains("applies only with runners.vllm: endpoint");
    }

    @Test
    void a_sweep_over_launch_settings_is_refused_with_a_sentence_naming_them() {
        List<StudyError> errors = StudyFixtures.errorsOf(study("  url: http://h:8000",
                "sweep: {vllm.engine_params.max_num_seqs: [64, 128], task.model: [a/b, c/d], server.traffic.rate: [1, 2]}"));
        assertThat(errors).singleElement().satisfies(err -> {
            assertThat(err.keyPath()).isEqualTo("runners.vllm");
            assertThat(err.format()).contains("an endpoint server cannot honour a sweep over",
                    "vllm.engine_params.max_num_seqs", "task.model", "attached, not launched")
                    .doesNotContain("server.traffic.rate");
        });
    }

    @Test
    void launch_settings_are_told_apart_from_the_endpoints_own_keys_and_the_workload() {
        assertThat(EndpointRules.isLaunchSetting("vllm.image", "vllm")).isTrue();
        assertThat(EndpointRules.isLaunchSetting("reference.profile", "reference")).isTrue();
        assertThat(EndpointRules.isLaunchSetting("passthrough_kwargs.max_model_len", "vllm")).isTrue();
        assertThat(EndpointRules.isLaunchSetting("vllm.url", "vllm")).isFalse();
        assertThat(EndpointRules.isLaunchSetting("vllm.api_key_env", "vllm")).isFalse();
        assertThat(EndpointRules.isLaunchSetting("sglang.image", "vllm")).isFalse();
        assertThat(EndpointRules.isLaunchSetting("task.max_output_tokens", "vllm")).isFalse();
    }

    @Test
    void a_rate_sweep_on_an_endpoint_is_one_session_and_no_launch() {
        Study s = StudyFixtures.load(study("  url: http://h:8000", "sweep: {server.traffic.rate: [1, 2, 4]}"));
        StudyPlan plan = StudyPlan.of(s);
        assertThat(plan.groups()).singleElement().satisfies(g -> assertThat(g.size()).isEqualTo(3));
        assertThat(plan.launches()).isZero();
        assertThat(StudyPlanFormatter.lines(plan)).anySatisfy(l -> assertThat(l).contains("endpoint http://h:8000"));
    }

    @Test
    void a_remote_endpoint_measured_by_this_machines_meters_is_warned_about_and_a_loopback_one_is_not() {
        Study remote = StudyFixtures.load(study("  url: http://10.0.0.5:8000", "measurement: {energy_sampler: nvml}"));
        assertThat(StudyPlan.of(remote).warnings()).anySatisfy(w -> assertThat(w)
                .contains("runners.vllm is endpoint at 10.0.0.5", "energy_sampler nvml", "this machine's devices"));
        Study dcgm = StudyFixtures.load(study("  url: http://10.0.0.5:8000",
                "measurement: {energy_sampler: dcgm, dcgm_urls: [\"http://10.0.0.5:9400/metrics\"]}"));
        assertThat(EndpointChecks.meterScopeWarnings(dcgm.cells())).isEmpty();
        Study loopback = StudyFixtures.load(study("  url: http://127.0.0.1:8000", ""));
        assertThat(EndpointChecks.meterScopeWarnings(loopback.cells())).as("auto on this machine's server").isEmpty();
    }

    @Test
    void only_unset_or_blank_key_variables_are_reported_naming_the_key() {
        Study s = StudyFixtures.load(study("  url: http://h:8000\n  api_key_env: LLM_KEY", ""));
        assertThat(EndpointChecks.unsetKeyVariables(s, java.util.Map.of("LLM_KEY", "sk-1")::get)).isEmpty();
        assertThat(EndpointChecks.unsetKeyVariables(s, name -> " ")).singleElement().asString()
                .startsWith("vllm.api_key_env: names LLM_KEY, which is not set");
    }
}
