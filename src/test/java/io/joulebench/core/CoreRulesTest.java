package io.joulebench.core;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.joulebench.ArchitectureTest;
import org.junit.jupiter.api.Test;

/** The core rules of {@link ArchitectureTest} catch a violating class in core, and pass a clean one. */
class CoreRulesTest {

    /** A core class that names the reference engine directly instead of going through the seam. */
    static final class NamesTheEngine {
        io.joulebench.engine.EngineOptions options;
    }

    @Test
    void core_naming_the_engine_fails_the_rule() {
        JavaClasses violating = new ClassFileImporter().importClasses(NamesTheEngine.class);
        assertThatThrownBy(() -> ArchitectureTest.core_does_not_know_the_engine.check(violating))
                .isInstanceOf(AssertionError.class).hasMessageContaining("EngineOptions");
        JavaClasses clean = new ClassFileImporter().importClasses(io.joulebench.core.run.StudyProgress.class);
        assertThatCode(() -> ArchitectureTest.core_does_not_know_the_engine.check(clean)).doesNotThrowAnyException();
    }

    @Test
    void a_cycle_between_core_packages_fails_the_rule() {
        // StudyRunner (core.run) uses ResultsFolder (core.results); the fixture is a results class that uses the
        // runner, which closes the cycle
        JavaClasses classes = new ClassFileImporter().importClasses(io.joulebench.core.run.StudyRunner.class,
                io.joulebench.core.results.ResultsFolder.class, io.joulebench.core.results.ResultsCycleFixture.class);
        assertThatThrownBy(() -> ArchitectureTest.core_packages_have_no_cycles.check(classes))
                .isInstanceOf(AssertionError.class).hasMessageContaining("Cycle");
    }

    @Test
    void a_lower_layer_using_a_higher_one_fails_the_layer_rule() {
        JavaClasses violating = new ClassFileImporter().importClasses(io.joulebench.core.time.LayerFixture.class,
                io.joulebench.core.results.ResultsFolder.class);
        assertThatThrownBy(() -> ArchitectureTest.core_layers.check(violating))
                .isInstanceOf(AssertionError.class).hasMessageContaining("LayerFixture");
        // the run layer above results, and results above session, are the allowed direction
        JavaClasses clean = new ClassFileImporter().importClasses(io.joulebench.core.run.StudyRunner.class,
                io.joulebench.core.results.ResultsFolder.class, io.joulebench.core.session.SessionSink.class);
        assertThatCode(() -> ArchitectureTest.core_layers.check(clean)).doesNotThrowAnyException();
    }

    @Test
    void reading_the_wall_time_past_the_clock_fails_the_rule() throws ClassNotFoundException {
        JavaClasses violating = new ClassFileImporter().importClasses(
                Class.forName("io.joulebench.core.run.ClockBypassFixture"));
        assertThatThrownBy(() -> ArchitectureTest.time_is_read_through_the_clock.check(violating))
                .isInstanceOf(AssertionError.class).hasMessageContaining("Instant.now()");
        JavaClasses clean = new ClassFileImporter().importClasses(io.joulebench.core.time.Clock.class,
                io.joulebench.core.executor.ssh.SshConnection.class);
        assertThatCode(() -> ArchitectureTest.time_is_read_through_the_clock.check(clean))
                .doesNotThrowAnyException();
    }

    @Test
    void every_core_package_has_one_layer_and_the_architecture_document_draws_them_in_order() throws Exception {
        java.nio.file.Path core = java.nio.file.Path.of("src/main/java/io/joulebench/core");
        java.util.Set<String> packages = new java.util.TreeSet<>();
        try (var entries = java.nio.file.Files.list(core)) {
            entries.forEach(e -> packages.add(java.nio.file.Files.isDirectory(e) ? e.getFileName().toString() : ""));
        }
        java.util.List<String> layered = ArchitectureTest.CORE_LAYERS.values().stream()
                .flatMap(java.util.List::stream).toList();
        org.assertj.core.api.Assertions.assertThat(layered).as("each package in one layer").doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(packages);

        String doc = java.nio.file.Files.readString(java.nio.file.Path.of("docs/architecture.md"));
        int from = doc.indexOf("\n```\n", doc.indexOf("### Layers")) + 5;
        String drawn = doc.substring(from, doc.indexOf("\n```", from));
        java.util.List<String> names = java.util.List.copyOf(ArchitectureTest.CORE_LAYERS.keySet());
        int previous = Integer.MAX_VALUE;
        for (String layer : names) { // drawn top down: the highest layer first
            int at = drawn.indexOf("\n" + layer + " ");
            at = at < 0 && drawn.startsWith(layer + " ") ? 0 : at;
            org.assertj.core.api.Assertions.assertThat(at).as("layer %s drawn below the one above it", layer)
                    .isBetween(0, previous - 1);
            previous = at;
        }
        for (String p : layered) {
            org.assertj.core.api.Assertions.assertThat(drawn).as("the drawing names %s", p)
                    .containsPattern(p.isEmpty() ? "core \\(root\\)" : "[ ,]" + p + "(,|\\s|$)");
        }
    }
}
