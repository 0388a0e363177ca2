package io.joulebench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.joulebench.core.study.ReferenceEngineOptions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * Every profile fitted to a published measurement reproduces it within the tolerance docs/reference-engine.md states:
 * each published J/token point (analytically, through the same steady-state physics the precision model uses, and on
 * the engine's own scheduler and power model on a virtual clock), the published sustained peak, and the published
 * range of temperature settling times.
 */
class FittedProfileTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("sources")
    void the_named_profile_is_exactly_what_the_fit_gives_from_the_published_figures(FittedProfiles.Source source) {
        assertThat(EngineProfile.named(source.profileName())).isEqualTo(source.fit());
    }

    static Stream<Arguments> publishedPoints() {
        return FittedProfiles.ALL.stream().flatMap(source -> source.points().stream()
                .map(point -> Arguments.of(source.profileName(), source, point)));
    }

    @ParameterizedTest(name = "{0} at {2}")
    @MethodSource("publishedPoints")
    void settled_joules_per_token_is_within_the_stated_tolerance_of_each_published_point(
            String name, FittedProfiles.Source source, FittedProfiles.OperatingPoint point) {
        double simulated = new ReferenceServingShape(EngineProfile.named(name))
                .joulesPerToken(point.rateRps(), source.outputTokens(), 0);

        assertThat(simulated / point.joulesPerToken() - 1).isBetween(-source.tolerance(), source.tolerance());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sources")
    void the_engine_itself_on_a_virtual_clock_reproduces_the_published_points(FittedProfiles.Source source)
            throws InterruptedException {
        double[] measured = FittedProfileReport.engineSweep(source, EngineProfile.named(source.profileName()));

        for (int i = 0; i < measured.length; i++) {
            assertThat(measured[i] / source.points().get(i).joulesPerToken() - 1)
                    .as("%s at %s req/s", source.profileName(), source.points().get(i).rateRps())
                    .isBetween(-source.tolerance(), source.tolerance());
        }
    }

    static Stream<FittedProfiles.Source> sources() {
        return FittedProfiles.ALL.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sources")
    void modelled_capacity_lies_in_the_published_sustained_peak_range(FittedProfiles.Source source) {
        double capacity = new ReferenceServingShape(EngineProfile.named(source.profileName()))
                .capacity(source.outputTokens(), 0);

        assertThat(capacity).isBetween(source.peakLowRps(), source.peakHighRps());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sources")
    void temperature_settles_from_cold_within_the_published_range_of_settling_times(FittedProfiles.Source source) {
        EngineProfile profile = EngineProfile.named(source.profileName());
        double earliest = source.coldCells().stream().mapToDouble(FittedProfiles.ThermalCell::tempSettleS).min()
                .orElseThrow();
        double latest = source.coldCells().stream().mapToDouble(FittedProfiles.ThermalCell::tempSettleS).max()
                .orElseThrow();

        for (FittedProfiles.ThermalCell cell : source.coldCells()) {
            // the model's settled rise at the cell's published power, from the idle-cooled die it started at
            double rise = profile.ambientC() + profile.thermalResistanceCPerW() * cell.meanPowerW() - source.idleDieC();
            assertThat(source.settleSeconds(rise, profile.thermalTimeConstantS()))
                    .as("cold cell at %s req/s", cell.rateRps())
                    .isBetween(earliest, latest);
            assertThat(profile.ambientC() + profile.thermalResistanceCPerW() * cell.meanPowerW())
                    .as("settled temperature at %s req/s", cell.rateRps())
                    .isCloseTo(cell.steadyTempC(), within(2.0));
        }
    }

    @Test
    void the_check_fails_for_a_profile_a_parameter_off() {
        FittedProfiles.Source source = FittedProfiles.LLENERGYMEASURE_A100_QWEN05B;
        EngineProfile fitted = EngineProfile.named(source.profileName());
        for (Map<String, Double> wrong : List.of(Map.of("idle_w", fitted.idleW() * 2),
                Map.of("alpha", fitted.alpha() * 3), Map.of("max_w", fitted.maxW() * 1.3))) {
            ReferenceServingShape shape = new ReferenceServingShape(fitted.withOverrides(wrong));
            double worst = source.points().stream()
                    .mapToDouble(p -> Math.abs(shape.joulesPerToken(p.rateRps(), source.outputTokens(), 0)
                            / p.joulesPerToken() - 1))
                    .max().orElseThrow();
            assertThat(worst).as("%s", wrong).isGreaterThan(source.tolerance());
        }
        ReferenceServingShape halfBatch = new ReferenceServingShape(fitted.withOverrides(Map.of("max_num_seqs", 128.0)));
        assertThat(halfBatch.capacity(source.outputTokens(), 0)).isLessThan(source.peakLowRps());
    }

    static Stream<FittedProfiles.BatchSweepSource> batchSweeps() {
        return FittedProfiles.BATCH_SWEEPS.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("batchSweeps")
    void a_batch_sweep_profile_is_exactly_what_the_fit_gives(FittedProfiles.BatchSweepSource source) {
        assertThat(EngineProfile.named(source.profileName())).isEqualTo(source.fit());
    }

    static Stream<Arguments> publishedConfigurations() {
        return FittedProfiles.BATCH_SWEEPS.stream().flatMap(source -> source.points().stream()
                .map(point -> Arguments.of(source.profileName(), source, point)));
    }

    @ParameterizedTest(name = "{0} at {2}")
    @MethodSource("publishedConfigurations")
    void held_batch_joules_per_token_is_within_the_stated_tolerance_of_each_published_configuration(
            String name, FittedProfiles.BatchSweepSource source, FittedProfiles.BatchPoint point) {
        double simulated = new ReferenceServingShape(EngineProfile.named(name))
                .heldBatchJoulesPerToken(point.meanBatch());

        assertThat(simulated / point.joulesPerToken() - 1).isBetween(-source.tolerance(), source.tolerance());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("batchSweeps")
    void the_engine_itself_with_its_batch_held_reproduces_the_published_configurations(
            FittedProfiles.BatchSweepSource source) throws InterruptedException {
        EngineProfile profile = EngineProfile.named(source.profileName());
        double[] measured = FittedProfileReport.heldBatchSweep(source, profile);

        for (int i = 0; i < measured.length; i++) {
            FittedProfiles.BatchPoint point = source.points().get(i);
            assertThat(measured[i] / point.joulesPerToken() - 1)
                    .as("%s at max_num_seqs %d", source.profileName(), point.maxNumSeqs())
                    .isBetween(-source.tolerance(), source.tolerance());
            // and the engine agrees with the analytic held-batch figure the table shows beside it
            assertThat(measured[i] / new ReferenceServingShape(profile).heldBatchJoulesPerToken(
                    Math.round(point.meanBatch())) - 1).isBetween(-0.01, 0.01);
        }
    }

    @Test
    void the_batch_sweep_check_fails_for_a_profile_a_parameter_off() {
        FittedProfiles.BatchSweepSource source = FittedProfiles.MLENERGY_H100_LLAMA31_8B;
        EngineProfile fitted = EngineProfile.named(source.profileName());
        for (Map<String, Double> wrong : List.of(Map.of("alpha", fitted.alpha() * 3),
                Map.of("max_w", fitted.maxW() * 1.3), Map.of("decode_per_seq_s", fitted.decodePerSeqS() * 1.5),
                Map.of("decode_base_s", fitted.decodeBaseS() * 2), Map.of("max_num_seqs", 256.0))) {
            ReferenceServingShape shape = new ReferenceServingShape(fitted.withOverrides(wrong));
            double worst = source.points().stream()
                    .mapToDouble(p -> Math.abs(shape.heldBatchJoulesPerToken(p.meanBatch()) / p.joulesPerToken() - 1))
                    .max().orElseThrow();
            assertThat(worst).as("%s", wrong).isGreaterThan(source.tolerance());
        }
    }

    @Test
    void fitted_profiles_are_labelled_with_their_source_wherever_their_figures_appear() {
        EngineProfile mlEnergy = EngineProfile.named("mlenergy-h100-llama3.1-8b");
        assertThat(mlEnergy.label()).isEqualTo("simulated, fitted to the ML.ENERGY Leaderboard v3 (vLLM,"
                + " Llama-3.1-8B-Instruct, lm-arena-chat, one H100)");
        assertThat(new ReferenceServingShape(mlEnergy).describe()).contains(mlEnergy.label());

        EngineProfile fitted = EngineProfile.named("llenergymeasure-a100-qwen0.5b");

        assertThat(fitted.label()).startsWith("simulated, fitted to llenergymeasure's server-mode study");
        assertThat(new ReferenceServingShape(fitted).describe()).contains(fitted.label());
        assertThat(new ReferenceServingShape(fitted.withOverrides(Map.of("max_num_seqs", 64.0))).describe())
                .contains(fitted.label());
        assertThat(EngineProfile.SMALL.label()).isEqualTo("simulated");
        assertThat(new ReferenceServingShape(EngineProfile.LARGE).describe()).endsWith("; simulated)");
    }

    @Test
    void models_route_carries_the_label_beside_the_simulated_flag() throws Exception {
        EngineProfile fitted = EngineProfile.named("llenergymeasure-a100-qwen0.5b");
        try (RunningEngine engine = ReferenceEngine.start(EngineOptions.builder().profile(fitted.name()).build());
             EngineClient client = new EngineClient(engine.baseUrl())) {
            var model = EngineClient.json(client.get("/v1/models").body()).at("/data/0");

            assertThat(model.path("id").asText()).isEqualTo("joulebench-sim-llenergymeasure-a100-qwen0.5b");
            assertThat(model.path("simulated").asBoolean()).isTrue();
            assertThat(model.path("label").asText()).isEqualTo(fitted.label());
        }
    }

    @Test
    void the_schema_offers_exactly_the_profiles_the_engine_knows() {
        assertThat(ReferenceEngineOptions.PROFILES).containsExactlyElementsOf(EngineProfile.names());
        assertThat(FittedProfiles.ALL).extracting(FittedProfiles.Source::profileName)
                .allSatisfy(name -> assertThat(EngineProfile.names()).contains(name));
    }

    @Test
    void an_engine_on_a_fitted_profile_takes_its_fitted_time_constant_unless_told_another() {
        EngineProfile fitted = EngineProfile.named("llenergymeasure-a100-qwen0.5b");

        assertThat(EngineOptions.builder().profile(fitted.name()).build().thermalTimeConstant())
                .isEqualTo(Duration.ofNanos(Math.round(fitted.thermalTimeConstantS() * 1e9)));
        assertThat(EngineOptions.builder().profile("small").build().thermalTimeConstant())
                .isEqualTo(Duration.ofSeconds(180));
        assertThat(EngineOptions.builder().profile(fitted.name()).thermalTimeConstant(Duration.ofSeconds(12)).build()
                .thermalTimeConstant()).isEqualTo(Duration.ofSeconds(12));
        assertThat(ReferenceEngineServerFactory.options(List.of("--profile", fitted.name())).build()
                .thermalTimeConstant()).isEqualTo(Duration.ofNanos(Math.round(fitted.thermalTimeConstantS() * 1e9)));
    }
}
