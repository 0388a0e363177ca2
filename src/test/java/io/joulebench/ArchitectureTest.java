package io.joulebench;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.type;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures;
import io.joulebench.core.event.RecordedEvent;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.application.Platform;

/**
 * The layer rules: the harness and the reference engine stay headless, core never names the reference engine (it
 * reaches it only through the embedded-server seam that the composition roots fill), the CLI launches the workbench
 * through one call and knows nothing else of it, view models hold no controls, and the core's packages form no cycle
 * (results are data, the run package orchestrates them) and sit in the layers docs/architecture.md draws; progress
 * lines are printed, never read back; only the UI executor posts to the FX thread; only the clock reads the time.
 * Each rule has a test in its package showing it fails on a violating class ({@code core.CoreRulesTest},
 * {@code cli.CliRulesTest}, {@code app.AppRulesTest}).
 */
@AnalyzeClasses(packages = "io.joulebench", importOptions = ImportOption.DoNotIncludeTests.class)
public class ArchitectureTest {

    @ArchTest
    static final ArchRule core_and_engine_have_no_ui = noClasses()
            .that().resideInAnyPackage("io.joulebench.core..", "io.joulebench.engine..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "javafx..", "org.controlsfx..", "eu.hansolo..", "io.joulebench.app..")
            .because("the harness runs headless in the CLI and in tests");

    @ArchTest
    static final ArchRule core_does_not_print = noClasses()
            .that().resideInAPackage("io.joulebench.core..")
            .should().accessField(System.class, "out")
            .orShould().accessField(System.class, "err")
            .because("the core logs through SLF4J and reports through listeners");

    @ArchTest
    static final ArchRule core_does_not_know_the_cli = noClasses()
            .that().resideInAPackage("io.joulebench.core..")
            .should().dependOnClassesThat().resideInAnyPackage("io.joulebench.cli..", "picocli..")
            .because("the GUI runs the same core as the CLI");

    @ArchTest
    static final ArchRule nothing_uses_the_java_preferences_store = noClasses()
            .should().dependOnClassesThat().resideInAPackage("java.util.prefs..")
            .because("java.util.prefs writes ~/.java/.userPrefs; Joulebench writes only its output folders and"
                    + " ~/.joulebench (issue 11)");

    @ArchTest
    public static final ArchRule core_does_not_know_the_engine = noClasses()
            .that().resideInAPackage("io.joulebench.core..")
            .should().dependOnClassesThat().resideInAPackage("io.joulebench.engine..")
            .because("core reaches the reference engine only through EmbeddedServerFactory, which the composition"
                    + " roots (CLI, workbench, tests) fill");

    @ArchTest
    public static final ArchRule cli_does_not_reach_into_the_app = noClasses()
            .that().resideInAPackage("io.joulebench.cli..")
            .should().dependOnClassesThat(resideInAPackage("io.joulebench.app..")
                    .and(not(type(io.joulebench.app.Launcher.class))))
            .because("the CLI opens the workbench through the one launch call (GuiCommand → Launcher) and nothing"
                    + " else");

    @ArchTest
    public static final ArchRule only_the_gui_command_launches_the_app = noClasses()
            .that().resideInAPackage("io.joulebench.cli..").and().doNotHaveSimpleName("GuiCommand")
            .should().dependOnClassesThat().resideInAPackage("io.joulebench.app..")
            .because("the one launch call is GuiCommand's");

    @ArchTest
    public static final ArchRule view_models_hold_no_controls = noClasses()
            .that().haveSimpleNameEndingWith("ViewModel")
            .should().dependOnClassesThat().resideInAPackage("javafx.scene..")
            .because("a view model is tested without a toolkit; only its View touches controls");

    @ArchTest
    public static final ArchRule core_packages_have_no_cycles = slices()
            .matching("io.joulebench.core.(*)..")
            .should().beFreeOfCycles()
            .because("each concept has one home: results are data the run package writes, never its caller");

    /**
     * Core's packages in layers, lowest first, as docs/architecture.md draws them: a layer uses only the layers below
     * it (and itself). Foundation: values and formats every layer shares; measurement: traffic, energy, servers,
     * windows and their gates; study: the model of what to run; session: running one group of cells and the events
     * it reports; results: what a run writes; run: the study loop, where groups run, and comparing runs.
     */
    /**
     * Core's layers, lowest first, with the top-level packages in each ({@code ""} is core's root package), as
     * docs/architecture.md draws them (CoreRulesTest checks the document and that every package has a layer).
     * Foundation: values and formats every layer shares; measurement: traffic, energy, servers, windows and their
     * gates; study: the model of what to run; session: running one group of cells and the events it reports;
     * results: what a run writes; run: the study loop, where groups run, and comparing runs.
     */
    public static final Map<String, List<String>> CORE_LAYERS = layers(
            "foundation", List.of("", "time", "csv", "parquet", "slo"),
            "measurement", List.of("traffic", "workload", "energy", "server", "window", "warmup", "attribution",
                    "capacity", "stats", "bench"),
            "study", List.of("study", "precision"),
            "session", List.of("session", "event"),
            "results", List.of("results"),
            "run", List.of("run", "executor", "compare"));

    /** A layer uses only itself and the layers below it. */
    @ArchTest
    public static final ArchRule core_layers = layered(CORE_LAYERS)
            .because("dependencies point down, so a lower package can be read, tested and moved without the ones"
                    + " above it (docs/architecture.md, Layers)");

    private static Map<String, List<String>> layers(Object... nameThenPackages) {
        Map<String, List<String>> layers = new LinkedHashMap<>();
        for (int i = 0; i < nameThenPackages.length; i += 2) {
            @SuppressWarnings("unchecked")
            List<String> packages = (List<String>) nameThenPackages[i + 1];
            layers.put((String) nameThenPackages[i], packages);
        }
        return java.util.Collections.unmodifiableMap(layers);
    }

    private static Architectures.LayeredArchitecture layered(Map<String, List<String>> layers) {
        Architectures.LayeredArchitecture arch = layeredArchitecture().consideringOnlyDependenciesInLayers()
                .withOptionalLayers(true); // the rule tests check it on a few classes
        for (Map.Entry<String, List<String>> layer : layers.entrySet()) {
            arch = arch.layer(layer.getKey()).definedBy(layer.getValue().stream()
                    .map(p -> p.isEmpty() ? "io.joulebench.core" : "io.joulebench.core." + p + "..")
                    .toArray(String[]::new));
        }
        List<String> names = List.copyOf(layers.keySet());
        for (int i = 1; i < names.size(); i++) {
            List<String> above = names.subList(i + 1, names.size());
            arch = above.isEmpty() ? arch.whereLayer(names.get(i)).mayNotBeAccessedByAnyLayer()
                    : arch.whereLayer(names.get(i)).mayOnlyBeAccessedByLayers(above.toArray(String[]::new));
        }
        return arch;
    }

    @ArchTest
    public static final ArchRule progress_lines_are_shown_not_read = noClasses()
            .that().resideOutsideOfPackages("io.joulebench.cli..", "io.joulebench.core.event..")
            .should().callMethod(RecordedEvent.class, "line")
            .because("a progress line is for people: the program decides from the event's fields, so a reworded"
                    + " sentence changes nothing it does (issue 31); only the CLI prints lines and the codec stores"
                    + " them");

    @ArchTest
    public static final ArchRule only_the_ui_executor_posts_to_the_fx_thread = noClasses()
            .that().resideOutsideOfPackage("io.joulebench.app.fx..")
            .should().callMethod(Platform.class, "runLater", Runnable.class)
            .because("work reaches the FX thread through UiExecutor (FxUiExecutor.later to defer a step), so view"
                    + " models run without a toolkit and nothing posts one runLater per sample");

    /**
     * Only the clock reads the machine's time. Left out, each for a reason: the traffic package (the pacer and the
     * transport that writes at its instants), bench (measures this machine), the engine (a server with its own
     * clock), the prompt lookahead, which measures how long the pacer waited for a prompt, and the client monitor,
     * which measures how late this machine wakes a thread (a virtual clock has no such lateness).
     */
    @ArchTest
    public static final ArchRule time_is_read_through_the_clock = noClasses()
            .that().resideInAnyPackage("io.joulebench.core..", "io.joulebench.app..", "io.joulebench.cli..")
            .and().resideOutsideOfPackages("io.joulebench.core.time..", "io.joulebench.core.traffic..",
                    "io.joulebench.core.bench..")
            .and().doNotHaveFullyQualifiedName("io.joulebench.core.workload.PromptLookahead")
            .and().doNotHaveFullyQualifiedName("io.joulebench.core.window.ClientMonitor")
            .should().callMethod(System.class, "nanoTime")
            .orShould().callMethod(System.class, "currentTimeMillis")
            .orShould().callMethod(Instant.class, "now")
            .because("a virtual clock then drives every timed path in tests, and a run's instants come from one"
                    + " source");
}
