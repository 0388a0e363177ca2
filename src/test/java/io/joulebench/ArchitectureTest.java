package io.joulebench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The layer rule: the harness and the reference engine stay headless. */
@AnalyzeClasses(packages = "io.joulebench", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

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
}
