package dev.hippack.ui.steps.track;

import dev.hippack.ui.common.Css;
import dev.hippack.ui.common.SizeText;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The Track step's footer, fixed under the scrolling content at every window size: the total,
 * the zipped range, what the last change did to the total, and the same selection on every other
 * track (with what that track leaves out); with all tracks, the release's total and each package's.
 */
final class SizeFooter {

    static final String ID_TOTAL = "estimate-total";
    static final String ID_ZIP = "estimate-zip";
    static final String ID_CHANGE = "estimate-change";
    static final String ID_SOURCE = "estimate-source";
    static final String ID_OTHER_TRACKS = "estimate-other-tracks";

    private final TrackStepViewModel vm;
    private final Label total = new Label();
    private final Label zip = new Label();
    private final Label change = new Label();
    private final Label source = new Label();
    private final Label others = new Label();
    private final VBox root;

    SizeFooter(TrackStepViewModel vm) {
        this.vm = vm;
        total.setId(ID_TOTAL);
        total.getStyleClass().add(Css.BIG_NUMBER);
        total.setMinWidth(Label.USE_PREF_SIZE);
        zip.setId(ID_ZIP);
        zip.setMinWidth(Label.USE_PREF_SIZE);
        change.setId(ID_CHANGE);
        change.setMinWidth(Label.USE_PREF_SIZE);
        change.textProperty().bind(vm.lastChangeProperty().map(c -> c.isEmpty() ? "" : "Last change: " + c));
        source.setId(ID_SOURCE);
        source.getStyleClass().add(Css.MUTED);
        source.setWrapText(true);
        others.setId(ID_OTHER_TRACKS);
        others.setWrapText(true);

        FlowPane figures = new FlowPane(16, 2, zip, change);
        figures.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(figures, Priority.ALWAYS);
        HBox head = new HBox(14, total, figures);
        head.setAlignment(Pos.CENTER_LEFT);
        root = new VBox(2, head, others, source);
        root.setId("track-footer");
        root.getStyleClass().addAll(Css.CARD, Css.FOOTER);

        vm.estimateProperty().addListener(o -> show());
        vm.comparisonProperty().addListener(o -> show());
        vm.estimateProblemProperty().addListener(o -> show());
        show();
    }

    Node root() {
        return root;
    }

    private void show() {
        SizeBreakdown e = vm.estimateProperty().get();
        if (e == null) {
            total.setText("No estimate");
            zip.setText(vm.estimateProblemProperty().get());
            others.setText("");
            source.setText("");
            return;
        }
        total.setText((e.approximate() ? "about " : "") + SizeText.of(e.totalBytes()));
        zip.setText("zipped " + SizeText.of(e.zipLowBytes()) + " to " + SizeText.of(e.zipHighBytes()));
        List<String> parts = new ArrayList<>();
        if (vm.allTracks()) {
            // A release of several: the total is all packages', and each package is named with its own size.
            List<TrackComparison> packages = vm.comparisonProperty().get();
            for (TrackComparison c : packages) {
                String text = c.track().id() + " (ROCm " + c.track().rocmVersion() + ") " + (c.estimate().approximate() ? "about " : "")
                        + SizeText.of(c.estimate().totalBytes());
                if (!c.excluded().isEmpty()) {
                    text += " without " + String.join(", ", c.excluded()) + " (no kernels there)";
                }
                parts.add(text);
            }
            total.setText(total.getText() + " in " + packages.size() + " packages");
            others.setText("Packages: " + String.join("; ", parts) + ".");
            source.setText(sourceText(e));
            return;
        }
        for (TrackComparison c : vm.comparisonProperty().get()) {
            if (c.chosen()) {
                continue;
            }
            String text = "on ROCm " + c.track().rocmVersion() + " " + (c.estimate().approximate() ? "about " : "")
                    + SizeText.of(c.estimate().totalBytes());
            if (!c.excluded().isEmpty()) {
                text += " without " + String.join(", ", c.excluded()) + " (no kernels there)";
            }
            parts.add(text);
        }
        others.setText(parts.isEmpty() ? "" : "The same selection " + String.join("; ", parts) + ".");
        source.setText(sourceText(e));
    }

    private static String sourceText(SizeBreakdown e) {
        return "measured".equals(e.source())
                ? "Sizes measured from the installed SDK's files."
                : "Sizes from the catalog (the guide's measurements)" + (e.approximate() ? "; \"about\" and ~ mark derived figures." : ".");
    }
}
