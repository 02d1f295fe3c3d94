package dev.hippack.ui.steps.track;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.estimate.SizeEstimator;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.ui.steps.PlanJudge;
import dev.hippack.ui.wizard.WizardDraft;
import java.util.List;
import java.util.Objects;
import javafx.scene.Scene;
import javafx.scene.chart.StackedBarChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Track step's nodes on a real (headless) stage: tracks as catalog data, blocked rows, the footer. */
@ExtendWith(ApplicationExtension.class)
class TrackStepViewTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    private TrackStepViewModel show(FxRobot robot, Catalog catalog) {
        WizardDraft draft = WizardDraft.forTrack(catalog.tracks().get(0));
        PlanRules rules = new PlanRules(catalog);
        TrackStepViewModel vm = new TrackStepViewModel(catalog,
                CoreEstimates.estimator(new SizeEstimator(catalog, rules), draft::factsFor), PlanJudge.of(rules, draft::factsFor));
        robot.interact(() -> {
            vm.enter(draft);
            TrackStepView view = new TrackStepView(vm);
            Scene scene = new Scene(new StackPane(view.root()), 1180, 780);
            scene.getStylesheets().setAll(
                    Objects.requireNonNull(getClass().getResource("/dev/hippack/ui/css/tokens.css")).toExternalForm(),
                    Objects.requireNonNull(getClass().getResource("/dev/hippack/ui/css/app.css")).toExternalForm());
            stage.setScene(scene);
            stage.show();
        });
        WaitForAsyncUtils.waitForFxEvents();
        return vm;
    }

    @Test
    void aThirdTrackInTheCatalogBringsItsPresetColumnAndChartBarWithoutUiCode(FxRobot robot) throws Exception {
        Catalog catalog = ThirdTrackCatalog.load();
        TrackStepViewModel vm = show(robot, catalog);

        ToggleButton preset = robot.lookup("#" + TrackStepView.ID_PRESET_PREFIX + ThirdTrackCatalog.ID).queryAs(ToggleButton.class);
        assertThat(preset.getText()).isEqualTo("ROCm 7.2 (rocm72)");

        TableView<?> matrix = robot.lookup("#" + TrackStepView.ID_MATRIX).queryAs(TableView.class);
        TableColumn<?, ?> rocm = matrix.getColumns().stream().filter(c -> "arch-coverage".equals(c.getId())).findFirst().orElseThrow();
        assertThat(rocm.getColumns()).extracting(TableColumn::getId)
                .containsExactly("arch-coverage-rocm6", "arch-coverage-rocm7", "arch-coverage-rocm72");
        assertThat(((Label) rocm.getColumns().get(2).getGraphic()).getText()).isEqualTo("7.2");

        @SuppressWarnings("unchecked")
        StackedBarChart<String, Number> chart = robot.lookup("#" + TrackStepView.ID_COMPARE_CHART).queryAs(StackedBarChart.class);
        assertThat(chart.getData()).isNotEmpty().allSatisfy(series ->
                assertThat(series.getData()).extracting(XYChart.Data::getXValue).containsExactly("ROCm 6.4", "ROCm 7.1 *", "ROCm 7.2 *"));
        assertThat(robot.lookup("#compare-head-rocm72").queryAs(Label.class).getText()).isEqualTo("ROCm 7.2");
        assertThat(robot.lookup("#" + TrackStepView.ID_OTHER_TRACKS).queryAs(Label.class).getText())
                .contains("on ROCm 7.2 about").contains("without gfx1102");

        robot.interact(preset::fire);
        assertThat(vm.baseTrackProperty().get().id()).isEqualTo(ThirdTrackCatalog.ID);
        assertThat(vm.plan().rocmVersion()).isEqualTo(ThirdTrackCatalog.VERSION);
        assertThat(vm.plan().buildDir()).isEqualTo("build\\hip72");
    }

    @Test
    void clickingTheBoxOfARowThatCannotShipSaysWhyAndTicksNothing(FxRobot robot) {
        TrackStepViewModel vm = show(robot, CatalogLoader.embedded());
        robot.interact(() -> vm.presetProperty().set("rocm7"));
        CheckBox box = robot.lookup("#arch-tick-gfx1102").queryAs(CheckBox.class);
        robot.interact(box::fire);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(box.isSelected()).isFalse();
        Label notice = robot.lookup("#" + TrackStepView.ID_TICK_NOTICE).queryAs(Label.class);
        assertThat(notice.isVisible()).isTrue();
        assertThat(notice.getText()).contains("gfx1102").contains("cannot be shipped on ROCm 7.1");
        // Every blocked architecture's reason is shown in full below the matrix.
        assertThat(robot.lookup("#arch-blocked-gfx1102").queryAs(Label.class).getText()).contains("hipBLASLt in ROCm 7.1");
        assertThat(robot.lookup("#arch-blocked-gfx1030").queryAs(Label.class).getText()).startsWith("gfx1030, gfx1031, gfx1032: ");
    }

    @Test
    void theSelectedRowIsDroppedWhenTheTrackChanges(FxRobot robot) {
        TrackStepViewModel vm = show(robot, CatalogLoader.embedded());
        @SuppressWarnings("unchecked")
        TableView<ArchitectureRow> matrix = robot.lookup("#" + TrackStepView.ID_MATRIX).queryAs(TableView.class);
        robot.interact(() -> matrix.getSelectionModel().select(2));
        assertThat(matrix.getSelectionModel().getSelectedItems()).hasSize(1);
        robot.interact(() -> vm.presetProperty().set("rocm7"));
        assertThat(matrix.getSelectionModel().getSelectedItems()).isEmpty();
    }

    @Test
    void theFooterShowsTotalZipLastChangeAndTheOtherTrack(FxRobot robot) {
        TrackStepViewModel vm = show(robot, CatalogLoader.embedded());
        robot.interact(() -> vm.toggle(vm.rows().get(0)));
        assertThat(robot.lookup("#" + TrackStepView.ID_TOTAL).queryAs(Label.class).getText()).matches("about \\d+(\\.\\d+)? (MiB|GiB)");
        assertThat(robot.lookup("#" + TrackStepView.ID_ZIP).queryAs(Label.class).getText()).matches("zipped .* MiB to .* MiB");
        assertThat(robot.lookup("#" + TrackStepView.ID_CHANGE).queryAs(Label.class).getText())
                .matches("Last change: \u2212\\d+\\.\\d MiB \\(gfx1100 unticked\\)");
        assertThat(robot.lookup("#" + TrackStepView.ID_OTHER_TRACKS).queryAs(Label.class).getText())
                .startsWith("The same selection on ROCm 7.1 about").endsWith("without gfx1102 (no kernels there).");
        List<String> ids = List.of(TrackStepView.ID_TOTAL, TrackStepView.ID_ZIP, TrackStepView.ID_OTHER_TRACKS);
        for (String id : ids) {
            Label l = robot.lookup("#" + id).queryAs(Label.class);
            var b = l.localToScene(l.getBoundsInLocal());
            assertThat(b.getMaxY()).as(id + " inside the window").isLessThanOrEqualTo(l.getScene().getHeight());
        }
    }

    @Test
    void theRdna2ErrorCarriesItsRemedyAndTheWayBack(FxRobot robot) {
        TrackStepViewModel vm = show(robot, CatalogLoader.embedded());
        robot.interact(() -> {
            vm.rows().forEach(r -> r.selectedProperty().set(false));
            vm.allowRdna2Property().set(true);
        });
        robot.interact(robot.lookup("#arch-tick-gfx1030").queryAs(CheckBox.class)::fire);
        robot.interact(robot.lookup("#arch-tick-gfx1100").queryAs(CheckBox.class)::fire);
        javafx.scene.control.Button remedy = robot.lookup("#remedy-arch-hipblaslt-kernels").queryButton();
        assertThat(remedy.getText()).isEqualTo("Turn hipBLASLt off");
        robot.interact(remedy::fire);
        assertThat(vm.hipblasltProperty().get()).isFalse();
        assertThat(vm.validProperty().get()).isTrue();
        assertThat(robot.lookup("#remedy-arch-hipblaslt-kernels").tryQuery()).isEmpty();
        assertThat(robot.lookup("#" + TrackStepView.ID_HIPBLASLT_OFF).query().isVisible()).isTrue();
    }
}
