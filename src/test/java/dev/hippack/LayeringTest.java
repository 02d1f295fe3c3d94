package dev.hippack;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The layers: the engine and the command line stay free of JavaFX (only dev.hippack.ui may use
 * it); core uses neither front end; the wizard and the command line do not use each other (what
 * both need lives in dev.hippack.launch); and view-models stay free of nodes and scenes, so they
 * are tested without a toolkit. Inside core, each capability package keeps what its
 * package-info.java says it must not use (ARCHITECTURE.md lists the same rules).
 */
@AnalyzeClasses(packages = "dev.hippack", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {

    /**
     * A view-model: a class named *ViewModel, or any type of ui.wizard (the flow, the draft, the
     * step states) except the views that build nodes there (*View, *Window). Nested and anonymous
     * classes count as the class they are written in.
     */
    static final DescribedPredicate<JavaClass> VIEW_MODELS = DescribedPredicate.describe(
            "view-models (classes named *ViewModel, and the types of ui.wizard other than its *View and *Window)",
            c -> {
                JavaClass outer = outermost(c);
                String name = outer.getSimpleName();
                return name.endsWith("ViewModel")
                        || outer.getPackageName().equals("dev.hippack.ui.wizard") && !name.endsWith("View") && !name.endsWith("Window");
            });

    private static JavaClass outermost(JavaClass c) {
        JavaClass current = c;
        while (current.getEnclosingClass().isPresent()) {
            current = current.getEnclosingClass().get();
        }
        return current;
    }

    @ArchTest
    static final ArchRule onlyUiUsesJavaFx = noClasses()
            .that().resideOutsideOfPackage("dev.hippack.ui..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..");

    @ArchTest
    static final ArchRule coreDoesNotUseCliOrUi = noClasses()
            .that().resideInAPackage("dev.hippack.core..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.hippack.cli..", "dev.hippack.ui..", "dev.hippack.launch..");

    @ArchTest
    static final ArchRule uiDoesNotUseCli = noClasses()
            .that().resideInAPackage("dev.hippack.ui..")
            .should().dependOnClassesThat().resideInAPackage("dev.hippack.cli..");

    @ArchTest
    static final ArchRule cliDoesNotUseUi = noClasses()
            .that().resideInAPackage("dev.hippack.cli..")
            .should().dependOnClassesThat().resideInAPackage("dev.hippack.ui..");

    @ArchTest
    static final ArchRule launchUsesNeitherFrontEnd = noClasses()
            .that().resideInAPackage("dev.hippack.launch..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.hippack.cli..", "dev.hippack.ui..", "picocli..");

    @ArchTest
    static final ArchRule noViewModelUsesJavaFxScene = noClasses()
            .that(VIEW_MODELS)
            .should().dependOnClassesThat().resideInAPackage("javafx.scene..");

    // ---- inside core: what each package-info.java says a package must not depend on ----------

    private static final String CORE = "dev.hippack.core";

    private static String[] core(String... packages) {
        String[] out = new String[packages.length];
        for (int i = 0; i < packages.length; i++) {
            out[i] = CORE + "." + packages[i] + "..";
        }
        return out;
    }

    @ArchTest
    static final ArchRule findingsAndProgressDependOnNothingElseInTheProject = classes()
            .that().resideInAnyPackage(CORE + ".finding", CORE + ".progress")
            .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "com.fasterxml.jackson.annotation..",
                    CORE + ".finding", CORE + ".progress");

    @ArchTest
    static final ArchRule ioJsonAndThePeReaderUseOnlyCoreItself = classes()
            .that().resideInAnyPackage(CORE + ".io", CORE + ".json", CORE + ".audit.pe")
            .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "com.fasterxml.jackson..",
                    CORE, CORE + ".io", CORE + ".json", CORE + ".audit.pe");

    @ArchTest
    static final ArchRule theCatalogIsDataOnly = classes()
            .that().resideInAPackage(CORE + ".catalog")
            .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "com.fasterxml.jackson..",
                    CORE, CORE + ".json", CORE + ".catalog");

    @ArchTest
    static final ArchRule theInventoryUsesOnlyCatalogAndHost = classes()
            .that().resideInAPackage(CORE + ".inventory")
            .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "com.fasterxml.jackson.annotation..", CORE,
                    CORE + ".catalog", CORE + ".host", CORE + ".inventory");

    @ArchTest
    static final ArchRule theArchiveKnowsNothingOfReleases = classes()
            .that().resideInAPackage(CORE + ".archive")
            .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "org.apache.commons.compress..",
                    CORE, CORE + ".io", CORE + ".progress", CORE + ".archive");

    @ArchTest
    static final ArchRule theBillOfMaterialsReadsFilesAndNothingThatMadeThem = classes()
            .that().resideInAPackage(CORE + ".sbom")
            .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "com.fasterxml.jackson..", "org.cyclonedx..",
                    CORE, CORE + ".io", CORE + ".json", CORE + ".audit.pe", CORE + ".sbom");

    @ArchTest
    static final ArchRule theHostKnowsNoCapability = noClasses()
            .that().resideInAPackage(CORE + ".host")
            .should().dependOnClassesThat().resideInAnyPackage(core("detect", "inventory", "plan", "build", "stage", "audit",
                    "archive", "verify", "launch", "profile", "estimate", "demo"));

    @ArchTest
    static final ArchRule planEstimateAndProfileComeBeforeAnythingRuns = noClasses()
            .that().resideInAnyPackage(CORE + ".plan", CORE + ".estimate", CORE + ".profile")
            .should().dependOnClassesThat().resideInAnyPackage(core("detect", "build", "stage", "audit", "archive", "verify",
                    "launch", "demo"));

    @ArchTest
    static final ArchRule detectionNeverBuildsStagesOrAudits = noClasses()
            .that().resideInAPackage(CORE + ".detect")
            .should().dependOnClassesThat().resideInAnyPackage(core("build", "stage", "audit", "archive", "verify", "launch",
                    "demo"));

    @ArchTest
    static final ArchRule theAuditReadsWhatOthersMade = noClasses()
            .that().resideInAPackage(CORE + ".audit")
            .should().dependOnClassesThat().resideInAnyPackage(core("detect", "build", "stage", "archive", "verify", "launch",
                    "demo"));

    @ArchTest
    static final ArchRule theBuildDoesNotStageOrZip = noClasses()
            .that().resideInAPackage(CORE + ".build")
            .should().dependOnClassesThat().resideInAnyPackage(core("detect", "stage", "archive", "verify", "launch", "demo"));

    @ArchTest
    static final ArchRule theStandInIsApartFromTheBuild = noClasses()
            .that().resideInAPackage(CORE + ".build.standin")
            .should().dependOnClassesThat().resideInAPackage(CORE + ".build");

    @ArchTest
    static final ArchRule stagingDoesNotBuildOrZip = noClasses()
            .that().resideInAPackage(CORE + ".stage")
            .should().dependOnClassesThat().resideInAnyPackage(core("build", "archive", "verify", "launch", "demo"));

    @ArchTest
    static final ArchRule verifyingAndTheStartCheckDoNotStageOrZip = noClasses()
            .that().resideInAnyPackage(CORE + ".verify", CORE + ".launch")
            .should().dependOnClassesThat().resideInAnyPackage(core("stage", "archive", "demo"));

    @ArchTest
    static final ArchRule nothingInTheEngineDependsOnTheSample = noClasses()
            .that().resideInAPackage(CORE + "..").and().resideOutsideOfPackage(CORE + ".demo")
            .should().dependOnClassesThat().resideInAPackage(CORE + ".demo");

    /** The view-model rule looks at the view-models, and not at the views beside them. */
    @ArchTest
    static void viewModelRuleSelectsViewModelsNotViews(JavaClasses classes) {
        assertThat(classes.that(VIEW_MODELS).stream().map(JavaClass::getSimpleName))
                .contains("WizardViewModel", "WizardDraft", "AbstractStepViewModel", "StepViewModel", "TrackStepViewModel",
                        "BuildStepViewModel", "ReviewStepViewModel", "ArchiveStepViewModel", "EnvironmentStepViewModel")
                .doesNotContain("WizardWindow", "UnavailableStepView", "TrackStepView", "BuildStepView");
    }
}
