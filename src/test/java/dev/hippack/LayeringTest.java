package dev.hippack;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The engine and the command line stay free of JavaFX; only dev.hippack.ui may use it. */
@AnalyzeClasses(packages = "dev.hippack", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {

    @ArchTest
    static final ArchRule onlyUiUsesJavaFx = noClasses()
            .that().resideOutsideOfPackage("dev.hippack.ui..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..");

    @ArchTest
    static final ArchRule coreDoesNotUseCliOrUi = noClasses()
            .that().resideInAPackage("dev.hippack.core..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.hippack.cli..", "dev.hippack.ui..");
}
