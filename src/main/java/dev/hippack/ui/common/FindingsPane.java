package dev.hippack.ui.common;

import dev.hippack.core.finding.Finding;
import java.util.Comparator;
import java.util.Optional;
import java.util.function.Function;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * Findings as the user reads them: errors first, each with its icon, what is wrong, the file it
 * concerns and how to fix it. Follows the list it is given.
 */
public final class FindingsPane {

    private final VBox root = new VBox(6);
    private final String emptyText;
    private final Function<Finding, Optional<Remedy>> remedies;

    public FindingsPane(String id, ObservableList<Finding> findings, String emptyText) {
        this(id, findings, emptyText, f -> Optional.empty());
    }

    /** @param remedies the fix the wizard can apply for a finding, shown as a button in its row */
    public FindingsPane(String id, ObservableList<Finding> findings, String emptyText, Function<Finding, Optional<Remedy>> remedies) {
        this.emptyText = emptyText;
        this.remedies = remedies;
        root.setId(id);
        findings.addListener((ListChangeListener<Finding>) c -> show(findings));
        show(findings);
    }

    public Node root() {
        return root;
    }

    private void show(ObservableList<Finding> findings) {
        if (findings.isEmpty()) {
            Label ok = new Label(emptyText, Icons.of(Icons.Glyph.OK, Css.OK));
            ok.getStyleClass().add(Css.MUTED);
            root.getChildren().setAll(ok);
            return;
        }
        root.getChildren().setAll(findings.stream()
                .sorted(Comparator.comparing(Finding::severity))
                .map(f -> row(f, remedies.apply(f)))
                .toList());
    }

    public static Node row(Finding f) {
        return row(f, Optional.empty());
    }

    /** A finding's row; with a remedy, a button that applies it sits under the fix. */
    public static Node row(Finding f, Optional<Remedy> remedy) {
        Icons.Glyph glyph;
        String style;
        switch (f.severity()) {
            case ERROR -> { glyph = Icons.Glyph.ERROR; style = Css.SEVERITY_ERROR; }
            case WARNING -> { glyph = Icons.Glyph.WARNING; style = Css.SEVERITY_WARNING; }
            default -> { glyph = Icons.Glyph.INFO; style = Css.SEVERITY_INFO; }
        }
        Label message = new Label(f.message());
        message.setWrapText(true);
        VBox text = new VBox(2, message);
        if (f.file() != null) {
            Label file = new Label(f.file());
            file.getStyleClass().addAll(Css.MONO, Css.FINDING_FIX);
            file.setWrapText(true);
            text.getChildren().add(file);
        }
        if (f.fix() != null && !f.fix().isBlank()) {
            Label fix = new Label("Fix: " + f.fix());
            fix.getStyleClass().add(Css.FINDING_FIX);
            fix.setWrapText(true);
            text.getChildren().add(fix);
        }
        remedy.ifPresent(r -> {
            Button apply = new Button(r.label());
            apply.setId("remedy-" + f.id().replace('.', '-'));
            apply.setOnAction(e -> r.action().run());
            apply.setMinWidth(Button.USE_PREF_SIZE);
            text.getChildren().add(apply);
        });
        Label id = new Label(f.id());
        id.setMinWidth(Label.USE_PREF_SIZE);
        id.getStyleClass().addAll(Css.MUTED, Css.MONO);
        HBox.setHgrow(text, Priority.ALWAYS);
        HBox box = new HBox(10, Icons.of(glyph, style), text, id);
        box.setAlignment(Pos.TOP_LEFT);
        box.getStyleClass().add(Css.FINDING);
        box.setAccessibleText(f.severity().json() + ": " + f.message() + (f.fix() == null ? "" : " Fix: " + f.fix()));
        return box;
    }
}
