package io.joulebench;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.type;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The layer rules: the harness and the reference engine stay headless, core never names the reference engine (it
 * reaches it only through the embedded-server seam that the composition roots fill), the CLI launches the workbench
 * through one call and knows nothing else of it, view models hold no controls, and the core's packages form no cycle
 * (results are data, the run package orchestrates them). Each rule has a test in its package showing it fails on a
 * violating class ({@code core.CoreRulesTest}, {@code cli.CliRulesTest}, {@code app.AppRulesTest}).
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
}
