package dev.hippack.ui.wizard;

import dev.hippack.ui.common.Css;
import dev.hippack.ui.common.Icons;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.controlsfx.control.StatusBar;

/**
 * The main window's content: the step list on the left, the current step's view in the centre
 * (swapped when the step changes), Back / Next / Cancel and a status bar at the bottom, all
 * bound to the {@link WizardViewModel}. Enter is Next (the default button, enabled only when the
 * step is complete); Esc asks, then cancels a running task.
 */
public final class WizardWindow {

    public static final String ID_STEP_LIST = "step-list";
    public static final String ID_STEP_HOST = "step-host";
    public static final String ID_BACK = "wz-back";
    public static final String ID_NEXT = "wz-next";
    public static final String ID_CANCEL = "wz-cancel";
    public static final String ID_STATUS = "status-bar";
    public static final String ID_BANNER = "demo-banner";
    public static final String ID_THEME = "theme-toggle";

    private final WizardViewModel vm;
    private final Function<StepId, Node> viewFactory;
    private final Map<StepId, Node> views = new EnumMap<>(StepId.class);
    private final Confirmation confirmation;
    private final Runnable onClose;
    private final ObjectProperty<Theme> theme = new SimpleObjectProperty<>(Theme.LIGHT);
    private final BorderPane root = new BorderPane();
    private final StackPane host = new StackPane();
    private final Scene scene;

    /**
     * @param demoNotice a sentence shown on every step when the sample environment is shown, or null
     * @param viewFactory builds a step's view the first time the step is shown
     * @param onClose closes the window (after the user agreed)
     */
    public WizardWindow(WizardViewModel vm, String demoNotice, Function<StepId, Node> viewFactory,
            Confirmation confirmation, Runnable onClose, double width, double height) {
        this.vm = vm;
        this.viewFactory = viewFactory;
        this.confirmation = confirmation;
        this.onClose = onClose;
        root.getStyleClass().add(Css.ROOT);
        if (demoNotice != null) {
            root.setTop(banner(demoNotice));
        }
        root.setLeft(stepList());
        host.setId(ID_STEP_HOST);
        host.getStyleClass().add(Css.STEP_HOST);
        root.setCenter(host);
        root.setBottom(new VBox(buttons(), statusBar()));
        vm.currentProperty().addListener((o, was, now) -> showStep(now));
        if (vm.currentProperty().get() != null) {
            showStep(vm.currentProperty().get());
        }
        scene = new Scene(root, width, height);
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE && vm.busyProperty().get()) {
                e.consume();
                askToCancelTask();
            }
        });
        applyTheme(theme.get());
        theme.addListener((o, was, now) -> applyTheme(now));
    }

    public Scene scene() {
        return scene;
    }

    public ObjectProperty<Theme> themeProperty() {
        return theme;
    }

    private Node banner(String notice) {
        Label label = new Label(notice, Icons.of(Icons.Glyph.DEMO));
        label.setWrapText(true);
        HBox box = new HBox(label);
        box.setId(ID_BANNER);
        box.getStyleClass().add(Css.BANNER);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    private Node stepList() {
        ListView<StepId> list = new ListView<>(FXCollections.observableArrayList(
                vm.steps().stream().map(StepViewModel::id).toList()));
        list.setId(ID_STEP_LIST);
        list.getStyleClass().add(Css.STEP_LIST);
        list.setFocusTraversable(false);
        list.setFixedCellSize(44);
        list.setPrefWidth(262);
        list.setMinWidth(262);
        list.setCellFactory(l -> new StepCell());
        // The selection only mirrors the current step; a click on a done step goes back to it.
        list.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            if (vm.currentId() != null && now != vm.currentId()) {
                javafx.application.Platform.runLater(() -> list.getSelectionModel().select(vm.currentId()));
            }
        });
        vm.currentProperty().addListener((o, was, now) -> list.getSelectionModel().select(now.id()));
        for (StepViewModel s : vm.steps()) {
            vm.statusProperty(s.id()).addListener(o -> list.refresh());
        }
        vm.blockerProperty().addListener(o -> list.refresh());
        if (vm.currentId() != null) {
            list.getSelectionModel().select(vm.currentId());
        }
        return list;
    }

    /** One row of the step list: its status icon and title; a blocked row says why in a tooltip. */
    private final class StepCell extends ListCell<StepId> {
        @Override
        protected void updateItem(StepId id, boolean empty) {
            super.updateItem(id, empty);
            getStyleClass().removeAll(Css.STEP_DONE, Css.STEP_CURRENT, Css.STEP_BLOCKED, Css.STEP_PENDING);
            textProperty().unbind();
            if (empty || id == null) {
                setText(null);
                setGraphic(null);
                setTooltip(null);
                return;
            }
            getStyleClass().add(Css.STEP_CELL);
            setOnMouseClicked(e -> vm.goTo(id));
            setId("step-item-" + id.name().toLowerCase(java.util.Locale.ROOT));
            StepStatus status = vm.statusProperty(id).get();
            Icons.Glyph glyph = switch (status) {
                case DONE -> Icons.Glyph.STEP_DONE;
                case CURRENT -> Icons.Glyph.STEP_CURRENT;
                case BLOCKED -> Icons.Glyph.STEP_BLOCKED;
                case PENDING -> Icons.Glyph.STEP_PENDING;
            };
            getStyleClass().add(switch (status) {
                case DONE -> Css.STEP_DONE;
                case CURRENT -> Css.STEP_CURRENT;
                case BLOCKED -> Css.STEP_BLOCKED;
                case PENDING -> Css.STEP_PENDING;
            });
            int number = id.ordinal() + 1;
            setText(number + "  " + id.title());
            setGraphic(Icons.of(glyph));
            String state = switch (status) {
                case DONE -> "done";
                case CURRENT -> "current step";
                case BLOCKED -> "blocked: " + vm.blockerProperty().get();
                case PENDING -> "not yet";
            };
            setAccessibleText(id.title() + ", " + state);
            setTooltip(status == StepStatus.BLOCKED ? new Tooltip("Complete the current step first: " + vm.blockerProperty().get()) : null);
        }
    }

    private Node buttons() {
        Button back = new Button("_Back");
        back.setId(ID_BACK);
        back.setMnemonicParsing(true);
        back.disableProperty().bind(vm.canBackProperty().not());
        back.setOnAction(e -> vm.back());

        Button next = new Button();
        next.setId(ID_NEXT);
        next.setMnemonicParsing(true);
        next.textProperty().bind(Bindings.when(vm.lastProperty()).then("_Finish").otherwise("_Next"));
        next.disableProperty().bind(vm.canNextProperty().not());
        next.defaultButtonProperty().bind(vm.canNextProperty());
        next.setOnAction(e -> vm.next());

        Button cancel = new Button("_Cancel");
        cancel.setId(ID_CANCEL);
        cancel.setMnemonicParsing(true);
        cancel.setOnAction(e -> {
            if (vm.busyProperty().get()) {
                askToCancelTask();
            } else if (confirmation.ask("Close HIP Packager", "Close the wizard? Choices not saved in a release profile are lost.")) {
                onClose.run();
            }
        });

        ButtonBar bar = new ButtonBar();
        ButtonBar.setButtonData(back, ButtonBar.ButtonData.BACK_PREVIOUS);
        ButtonBar.setButtonData(next, ButtonBar.ButtonData.NEXT_FORWARD);
        ButtonBar.setButtonData(cancel, ButtonBar.ButtonData.CANCEL_CLOSE);
        // One order on every OS: Back, Next, then Cancel, as the Tab order goes.
        bar.setButtonOrder("+BXC");
        bar.getButtons().addAll(back, next, cancel);
        bar.getStyleClass().add(Css.BUTTON_BAR);
        bar.setPadding(new Insets(8, 12, 8, 12));
        return bar;
    }

    private Node statusBar() {
        StatusBar bar = new StatusBar();
        bar.setId(ID_STATUS);
        if (vm.currentProperty().get() != null) {
            bindStatus(bar, vm.currentProperty().get());
        }
        vm.currentProperty().addListener((o, was, now) -> bindStatus(bar, now));
        Button themeToggle = new Button(null, Icons.of(Icons.Glyph.THEME));
        themeToggle.setId(ID_THEME);
        themeToggle.setFocusTraversable(false);
        themeToggle.setTooltip(new Tooltip("Switch between light and dark"));
        themeToggle.setAccessibleText("Switch between light and dark theme");
        themeToggle.setOnAction(e -> theme.set(theme.get().other()));
        bar.getRightItems().add(themeToggle);
        return bar;
    }

    private void bindStatus(StatusBar bar, StepViewModel step) {
        bar.progressProperty().unbind();
        bar.textProperty().unbind();
        bar.progressProperty().bind(step.progressProperty());
        bar.textProperty().bind(Bindings.createStringBinding(() -> {
            String st = step.statusProperty().get();
            if (st != null && !st.isEmpty()) {
                return st;
            }
            String b = vm.blockerProperty().get();
            return b.isEmpty() ? "Ready: press Next (Enter) to continue." : b;
        }, step.statusProperty(), vm.blockerProperty()));
    }

    private void showStep(StepViewModel step) {
        Node view = views.computeIfAbsent(step.id(), id -> Objects.requireNonNull(viewFactory.apply(id)));
        host.getChildren().setAll(view);
    }

    private void askToCancelTask() {
        if (confirmation.ask("Cancel the running task", "Stop what is running now? Nothing half-written is kept.")) {
            vm.cancelTask();
        }
    }

    private void applyTheme(Theme t) {
        scene.getStylesheets().setAll(
                Objects.requireNonNull(WizardWindow.class.getResource(t.tokensSheet())).toExternalForm(),
                Objects.requireNonNull(WizardWindow.class.getResource(Css.APP)).toExternalForm());
    }
}
