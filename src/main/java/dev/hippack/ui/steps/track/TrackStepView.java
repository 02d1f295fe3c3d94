package dev.hippack.ui.steps.track;

import dev.hippack.core.catalog.Track;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.ui.common.Css;
import dev.hippack.ui.common.FindingsPane;
import dev.hippack.ui.common.Icons;
import dev.hippack.ui.common.MnemonicCheckBox;
import dev.hippack.ui.common.StepPage;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.StepView;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.controlsfx.control.SegmentedButton;

/**
 * Step 2's page: the presets (one per catalog track, and Custom), the hardware matrix, the size
 * by component on each track, the options and the plan's findings, scrolling; under them a
 * footer with the totals that stays in sight at every window size.
 */
public final class TrackStepView implements StepView {

    public static final String ID_PRESET_PREFIX = "track-preset-";
    public static final String ID_MATRIX = ArchitectureMatrix.ID_TABLE;
    public static final String ID_TICK_NOTICE = ArchitectureMatrix.ID_NOTICE;
    public static final String ID_BLOCKED = ArchitectureMatrix.ID_BLOCKED;
    public static final String ID_COVERAGE_PREFIX = ArchitectureMatrix.ID_COVERAGE_PREFIX;
    public static final String ID_TOTAL = SizeFooter.ID_TOTAL;
    public static final String ID_ZIP = SizeFooter.ID_ZIP;
    public static final String ID_CHANGE = SizeFooter.ID_CHANGE;
    public static final String ID_SOURCE = SizeFooter.ID_SOURCE;
    public static final String ID_OTHER_TRACKS = SizeFooter.ID_OTHER_TRACKS;
    public static final String ID_COMPARE_CHART = TrackComparisonChart.ID_CHART;
    public static final String ID_POLICY_DROP = "policy-drop";
    public static final String ID_POLICY_FILTERED = "policy-filtered";
    public static final String ID_FINDINGS = "track-findings";
    public static final String ID_SDK = "track-sdk";
    public static final String ID_HARDWARE_CAVEAT = "track-hardware-caveat";
    public static final String ID_HIPBLASLT_OFF = "track-hipblaslt-off";

    private final TrackStepViewModel vm;
    private final Node root;
    private final SegmentedButton presets = new SegmentedButton();

    public TrackStepView(TrackStepViewModel vm) {
        this.vm = vm;
        ArchitectureMatrix matrix = new ArchitectureMatrix(vm);
        TrackComparisonChart chart = new TrackComparisonChart(vm);
        VBox content = new VBox(10, presets(), matrix.root(), chart.root(), options(),
                StepPage.section("Findings of the plan"),
                new FindingsPane(ID_FINDINGS, vm.findings(), "No rule finds a problem with this selection.", vm::remedyFor).root());
        String one = "Choose the ROCm track and the GPU architectures to ship. Every tick updates the size at once; "
                + "the figures below compare the same selection on each track.";
        BorderPane page = StepPage.framed(StepId.TRACK.viewId(), "Track and architectures", one,
                null, StepPage.scroll(content), new SizeFooter(vm).root());
        StepPage.introOf(page).textProperty().bind(vm.presetProperty().map(p -> TrackStepViewModel.ALL_TRACKS.equals(p)
                ? "Choose the GPU architectures to ship: each track's package gets those its ROCm has kernels for. Every tick "
                        + "updates the sizes at once; the figures below are each package's." : one));
        root = page;
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public Node initialFocus() {
        return presets.getButtons().stream().filter(ToggleButton::isSelected).findFirst()
                .map(b -> (Node) b).orElse(presets.getButtons().get(0));
    }

    private Node presets() {
        List<String> ids = new ArrayList<>();
        for (Track t : vm.catalog().tracks()) {
            ids.add(t.id());
        }
        ids.add(ReleasePlan.CUSTOM_TRACK);
        if (vm.catalog().tracks().size() > 1) {
            ids.add(TrackStepViewModel.ALL_TRACKS);
        }
        for (String id : ids) {
            String text = vm.catalog().track(id).map(t -> "ROCm " + t.rocmVersion() + " (" + t.id() + ")")
                    .orElse(TrackStepViewModel.ALL_TRACKS.equals(id) ? "All tracks, one package each" : "Custom");
            ToggleButton b = new ToggleButton(text);
            b.setId(ID_PRESET_PREFIX + id);
            b.setUserData(id);
            b.setMinWidth(ToggleButton.USE_PREF_SIZE);
            if (TrackStepViewModel.ALL_TRACKS.equals(id)) {
                b.setTooltip(new Tooltip("A release of one package per track of the catalog ("
                        + String.join(", ", vm.catalog().tracks().stream().map(Track::id).toList())
                        + "), each with the ticked architectures its ROCm has kernels for"));
            }
            presets.getButtons().add(b);
        }
        presets.getToggleGroup().selectedToggleProperty().addListener((o, was, now) -> {
            if (now == null) {
                // A segmented button must always have one choice: clicking the chosen one keeps it.
                presets.getToggleGroup().selectToggle(was);
            } else if (!now.getUserData().equals(vm.presetProperty().get())) {
                vm.presetProperty().set((String) now.getUserData());
            }
        });
        Runnable sync = () -> presets.getButtons().stream()
                .filter(b -> b.getUserData().equals(vm.presetProperty().get())).findFirst()
                .ifPresent(b -> b.setSelected(true));
        vm.presetProperty().addListener((o, was, now) -> sync.run());
        sync.run();

        ChoiceBox<Track> base = new ChoiceBox<>();
        base.setId("track-base");
        base.getItems().setAll(vm.catalog().tracks());
        base.setConverter(new StringConverter<>() {
            @Override
            public String toString(Track t) {
                return t == null ? "" : "on ROCm " + t.rocmVersion();
            }

            @Override
            public Track fromString(String s) {
                return null;
            }
        });
        base.valueProperty().bindBidirectional(vm.baseTrackProperty());
        base.visibleProperty().bind(vm.presetProperty().isEqualTo(ReleasePlan.CUSTOM_TRACK));
        base.managedProperty().bind(base.visibleProperty());
        base.setTooltip(new Tooltip("The ROCm version a custom selection is built against"));

        Label sdk = new Label();
        sdk.setId(ID_SDK);
        sdk.textProperty().bind(vm.sdkDescriptionProperty());
        sdk.setWrapText(true);
        sdk.getStyleClass().add(Css.MUTED);
        Label caveat = new Label();
        caveat.setId(ID_HARDWARE_CAVEAT);
        caveat.textProperty().bind(vm.hardwareCaveatProperty());
        caveat.setGraphic(Icons.of(Icons.Glyph.WARNING, Css.SEVERITY_WARNING));
        caveat.visibleProperty().bind(vm.hardwareCaveatProperty().isNotEmpty());
        caveat.managedProperty().bind(caveat.visibleProperty());
        caveat.setWrapText(true);
        Label label = new Label("Track:");
        label.setMinWidth(Label.USE_PREF_SIZE);
        FlowPane row = new FlowPane(10, 6, label, presets, base);
        // Several presets may not fit beside the label in a small window: the row wraps.
        presets.setMaxWidth(Double.MAX_VALUE);
        row.setAlignment(Pos.CENTER_LEFT);
        return new VBox(6, row, sdk, caveat);
    }

    private Node options() {
        ToggleButton filtered = new ToggleButton("Filtered to the targets");
        filtered.setId(ID_POLICY_FILTERED);
        filtered.setUserData(KernelPolicy.FILTERED);
        ToggleButton drop = new ToggleButton("Drop");
        drop.setId(ID_POLICY_DROP);
        drop.setUserData(KernelPolicy.DROP);
        SegmentedButton seg = new SegmentedButton(filtered, drop);
        seg.getToggleGroup().selectedToggleProperty().addListener((o, was, now) -> {
            if (now == null) {
                seg.getToggleGroup().selectToggle(was);
            } else {
                vm.kernelPolicyProperty().set((KernelPolicy) now.getUserData());
            }
        });
        Runnable sync = () -> (vm.kernelPolicyProperty().get() == KernelPolicy.DROP ? drop : filtered).setSelected(true);
        vm.kernelPolicyProperty().addListener(o -> sync.run());
        sync.run();
        Label warning = new Label();
        warning.setId("policy-warning");
        warning.textProperty().bind(vm.policyWarningProperty());
        warning.setGraphic(Icons.of(Icons.Glyph.WARNING, Css.SEVERITY_WARNING));
        warning.visibleProperty().bind(vm.policyWarningProperty().isNotEmpty());
        warning.managedProperty().bind(warning.visibleProperty());
        warning.setWrapText(true);

        CheckBox rdna2 = new MnemonicCheckBox("_Allow RDNA2 (gfx103x) although hipBLASLt has no kernels for it");
        rdna2.setId("allow-rdna2");
        rdna2.setMnemonicParsing(true);
        rdna2.setWrapText(true);
        rdna2.selectedProperty().bindBidirectional(vm.allowRdna2Property());

        // hipBLASLt is a Build option; when the RDNA2 remedy turned it off, say so here and offer the way back.
        Label off = new Label("hipBLASLt is off: every GEMM goes through rocBLAS. The Build step shows the same switch.",
                Icons.of(Icons.Glyph.INFO, Css.SEVERITY_INFO));
        off.setWrapText(true);
        Button on = new Button("Turn hipBLASLt back on");
        on.setOnAction(e -> vm.hipblasltProperty().set(true));
        on.setMinWidth(Button.USE_PREF_SIZE);
        VBox offBox = new VBox(4, off, on);
        offBox.setId(ID_HIPBLASLT_OFF);
        offBox.visibleProperty().bind(vm.hipblasltProperty().not());
        offBox.managedProperty().bind(offBox.visibleProperty());

        Label policyLabel = new Label("rocBLAS kernels:");
        policyLabel.setMinWidth(Label.USE_PREF_SIZE);
        HBox row = new HBox(10, policyLabel, seg);
        row.setAlignment(Pos.CENTER_LEFT);
        return new VBox(6, StepPage.section("Options"), row, warning, rdna2, offBox);
    }
}
