package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.joulebench.core.server.EmbeddedServer;
import io.joulebench.core.server.EnginePreset;
import io.joulebench.core.server.LaunchSpec;
import io.joulebench.core.server.FreePort;
import io.joulebench.core.session.ReferenceArgs;
import io.joulebench.core.study.ReferenceEngineOptions;
import io.joulebench.core.study.ReferenceFaults;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReferenceEngineServerFactoryTest {

    @Test
    void the_reference_block_round_trips_through_engine_flags_into_engine_options() {
        ReferenceEngineOptions block = new ReferenceEngineOptions("large", 4, null, 2.5, 12.0, 32,
                new ReferenceFaults(false, 30.0, 0.1, 0.2, 0.0, 0.05));

        EngineOptions o = ReferenceEngineServerFactory.options(ReferenceArgs.of(block, 7)).build();

        assertThat(o.profile()).isEqualTo("large");
        assertThat(o.gpus()).isEqualTo(4);
        assertThat(o.seed()).as("the task seed when the block has none").isEqualTo(7);
        assertThat(o.loadDelay()).isEqualTo(Duration.ofMillis(2500));
        assertThat(o.thermalTimeConstant()).isEqualTo(Duration.ofSeconds(12));
        assertThat(o.overrides()).containsEntry("max_num_seqs", 32.0);
        assertThat(o.faults()).isEqualTo(new Faults(false, 30, 0.1, 0.2, 0, 0.05));
        assertThat(o.thermalDrift()).isTrue();
    }

    @Test
    void the_cache_keys_reach_the_engine_and_their_absence_keeps_its_defaults() {
        ReferenceEngineOptions set = new ReferenceEngineOptions("small", 1, 3L, 0, null, null, null, 0, 4096);
        EngineOptions o = ReferenceEngineServerFactory.options(ReferenceArgs.of(set, 7)).build();
        assertThat(o.prefixCacheTokens()).isZero();
        assertThat(o.kvCacheTokens()).isEqualTo(4096);

        ReferenceEngineOptions unset = new ReferenceEngineOptions("small", 1, 3L, 0, null, null, null);
        EngineOptions d = ReferenceEngineServerFactory.options(ReferenceArgs.of(unset, 7)).build();
        assertThat(d.prefixCacheTokens()).isEqualTo(EngineOptions.DEFAULT_PREFIX_CACHE_TOKENS);
        assertThat(d.kvCacheTokens()).as("no KV limit but max_num_seqs, as before").isZero();
    }

    @Test
    void the_ignore_sigterm_fault_is_refused_in_process_where_the_signals_are_not_the_engines() {
        assertThatThrownBy(() -> ReferenceEngineServerFactory.options(List.of("--fault", "ignore-sigterm")))
                .hasMessageContaining("ignore-sigterm applies to a 'joulebench engine' process only");
    }

    @Test
    void unknown_flags_are_refused() {
        assertThatThrownBy(() -> ReferenceEngineServerFactory.options(List.of("--model", "x")))
                .hasMessageContaining("unknown reference engine flag --model");
    }

    @Test
    void it_serves_on_the_spec_port_until_closed() throws Exception {
        LaunchSpec spec = LaunchSpec.builder(EnginePreset.REFERENCE).port(FreePort.pick())
                .extraServeArgs(List.of("--profile", "small")).build();
        EmbeddedServer server = new ReferenceEngineServerFactory().start(spec);
        try {
            assertThat(server.baseUrl().getPort()).isEqualTo(spec.port());
            assertThat(server.isAlive()).isTrue();
            HttpResponse<String> health = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(server.baseUrl() + "/health")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(health.statusCode()).isEqualTo(200);
        } finally {
            server.close();
        }
        assertThat(server.isAlive()).isFalse();
    }
}
