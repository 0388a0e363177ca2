package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class EngineOptionsTest {

    @Test
    void defaults_bind_loopback_on_a_free_port() {
        EngineOptions o = EngineOptions.builder().build();
        assertThat(o.host()).isEqualTo("127.0.0.1");
        assertThat(o.port()).isZero();
        assertThat(o.gpus()).isEqualTo(1);
        assertThat(o.resolvedProfile()).isEqualTo(EngineProfile.SMALL);
        assertThat(o.counterPeriod()).hasMillis(100);
    }

    @Test
    void non_loopback_host_needs_allow_remote() {
        assertThatThrownBy(() -> EngineOptions.builder().host("0.0.0.0").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("refusing to bind non-loopback host 0.0.0.0 without --allow-remote");
        assertThat(EngineOptions.builder().host("0.0.0.0").allowRemote(true).build().host()).isEqualTo("0.0.0.0");
        assertThat(EngineOptions.builder().host("localhost").build().host()).isEqualTo("localhost");
    }

    @Test
    void cache_capacities_come_from_their_flags_and_negative_ones_are_refused() {
        EngineOptions o = EngineFlags.parse(List.of("--prefix-cache-tokens", "0", "--kv-cache-tokens", "8192"))
                .builder().build();
        assertThat(o.prefixCacheTokens()).isZero();
        assertThat(o.kvCacheTokens()).isEqualTo(8192);
        EngineOptions d = EngineFlags.parse(List.of()).builder().build();
        assertThat(d.prefixCacheTokens()).isEqualTo(EngineOptions.DEFAULT_PREFIX_CACHE_TOKENS);
        assertThat(d.kvCacheTokens()).isZero();
        assertThatThrownBy(() -> EngineOptions.builder().prefixCacheTokens(-1).build())
                .hasMessageContaining("prefix cache tokens");
        assertThatThrownBy(() -> EngineOptions.builder().kvCacheTokens(-16).build())
                .hasMessageContaining("KV cache tokens");
    }

    @Test
    void out_of_range_values_are_refused() {
        assertThatThrownBy(() -> EngineOptions.builder().gpus(9).build()).hasMessageContaining("gpus");
        assertThatThrownBy(() -> EngineOptions.builder().gpus(0).build()).hasMessageContaining("gpus");
        assertThatThrownBy(() -> EngineOptions.builder().port(70000).build()).hasMessageContaining("port");
        assertThatThrownBy(() -> EngineOptions.builder().profile("huge").build()).hasMessageContaining("huge");
        assertThatThrownBy(() -> EngineOptions.builder().override("nonsense", 1).build())
                .hasMessageContaining("nonsense");
        assertThatThrownBy(() -> EngineOptions.builder().override("max_num_seqs", 1.5).build())
                .hasMessageContaining("integer");
        assertThatThrownBy(() -> EngineOptions.builder().override("max_w", 10).build())
                .hasMessageContaining("idle_w");
    }

    @Test
    void overrides_replace_profile_parameters_by_name() {
        EngineProfile p = EngineOptions.builder().profile("large").override("max_num_seqs", 128).build()
                .resolvedProfile();
        assertThat(p.maxNumSeqs()).isEqualTo(128);
        assertThat(p.maxW()).isEqualTo(EngineProfile.LARGE.maxW());
    }

    @Test
    void faults_parse_from_specs_and_refuse_bad_ones() {
        Faults f = Faults.parse(List.of("never-ready", "exit-after=2.5", "stall=0.1", "error=0.2",
                "malformed-sse=0.3", "drop=0.4"));
        assertThat(f).isEqualTo(new Faults(true, 2.5, 0.1, 0.2, 0.3, 0.4));
        assertThat(Faults.parse(List.of())).isEqualTo(Faults.NONE);
        assertThat(Faults.parse(List.of("ignore-sigterm", "error=0.2")))
                .isEqualTo(new Faults(false, 0, 0, 0.2, 0, 0, true));
        assertThat(Faults.NONE.ignoreSigterm()).isFalse();
        assertThatThrownBy(() -> Faults.parse(List.of("ignore-sigterm=1"))).hasMessageContaining("takes no value");
        assertThatThrownBy(() -> Faults.parse(List.of("error=1.5"))).hasMessageContaining("fraction");
        assertThatThrownBy(() -> Faults.parse(List.of("drop"))).hasMessageContaining("needs a value");
        assertThatThrownBy(() -> Faults.parse(List.of("explode"))).hasMessageContaining("unknown fault");
        assertThatThrownBy(() -> Faults.parse(List.of("stall=x"))).hasMessageContaining("not a number");
    }
}
