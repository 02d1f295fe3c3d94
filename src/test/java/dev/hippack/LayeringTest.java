package dev.hippack;

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
 * are tested without a toolkit.
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

    /** The view-model rule looks at the view-models, and not at the views beside them. */
    @ArchTest
    static void viewModelRuleSelectsViewModelsNotViews(JavaClasses classes) {
        assertThat(classes.that(VIEW_MODELS).stream().map(JavaClass::getSimpleName))
                .contains("WizardViewModel", "WizardDraft", "AbstractStepViewModel", "StepViewModel", "TrackStepViewModel",
                        "BuildStepViewModel", "ReviewStepViewModel", "ArchiveStepViewModel", "EnvironmentStepViewModel")
                .doesNotContain("WizardWindow", "UnavailableStepView", "TrackStepView", "BuildStepView");
    }
}
