package io.joulebench.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The start decision of {@code Launcher.main} ({@code ./mvnw javafx:run}, the packaged app), without a toolkit. */
class LauncherTest {

    @Test
    void without_gtk_3_main_says_what_to_install_exits_1_and_never_starts_javafx() {
        List<String> told = new ArrayList<>();
        AtomicBoolean launched = new AtomicBoolean();
        int status = Launcher.start(() -> Optional.of(GuiRequirements.MISSING_GTK), () -> launched.set(true),
                told::add);
        assertThat(status).isEqualTo(1);
        assertThat(launched).isFalse();
        assertThat(told).singleElement().asString().contains("GTK 3").contains("apt-get install libgtk-3-0");
    }

    @Test
    void a_start_that_fails_anyway_is_explained_not_thrown() {
        List<String> told = new ArrayList<>();
        int status = Launcher.start(Optional::empty, () -> {
            throw new UnsatisfiedLinkError("Unable to load glass GTK library.");
        }, told::add);
        assertThat(status).isEqualTo(1);
        assertThat(told).singleElement().asString()
                .startsWith("The Joulebench workbench could not start: Unable to load glass GTK library.");
    }

    @Test
    void with_what_it_needs_the_workbench_runs_and_main_returns_0() {
        List<String> told = new ArrayList<>();
        AtomicBoolean launched = new AtomicBoolean();
        assertThat(Launcher.start(Optional::empty, () -> launched.set(true), told::add)).isZero();
        assertThat(launched).isTrue();
        assertThat(told).isEmpty();
    }
}
