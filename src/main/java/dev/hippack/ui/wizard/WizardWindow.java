package dev.hippack.ui.wizard;

import dev.hippack.ui.common.Css;
import dev.hippack.ui.common.FailureReporter;
import dev.hippack.ui.common.HoverTooltip;
import dev.hippack.ui.common.Icons;
import dev.hippack.ui.common.NoticeBar;
import dev.hippack.ui.common.Notifier;
import dev.hippack.ui.common.ScreenNotifier;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.event.EventHandler;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.Side;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.control.Label;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.WindowEvent;

/**
 * The main window's content: the step list on the left, the current step's view in the centre
 * (swapped when the step changes), Back / Next / Cancel and a status bar at the bottom, all
 * bound to the {@link WizardViewModel}. The status bar says what the step is doing, or why Next
 * is not possible yet, and holds the theme menu; each step shows its own task's progress.
 *
 * <p>Keyboard: Enter runs the step's default action only (Next when the step is complete,
 * otherwise the step's own main action such as Start build), also on a focused button or check
 * box, which Space presses instead; Esc asks, then cancels a running task, and otherwise dismisses
 * a notice; after every change of step the focus goes to the step's first control, never to
 * Cancel. Notices when a long task ends appear inside the window, over the step.
 */
public final class WizardWindow {

    public static final String ID_STEP_LIST = "step-list";
    public static final String ID_STEP_HOST = "step-host";
    public static final String ID_BACK = "wz-back";
    public static final String ID_NEXT = "wz-next";
    public static final String ID_CANCEL = "wz-cancel";
    public static final String ID_STATUS = "status-bar";
    public static final String ID_STATUS_TEXT = "status-text";
    public static final String ID_BANNER = "demo-banner";
    public static final String ID_THEME = "theme-menu";
    public static final String ID_NOTIFICATIONS = "notifications";
    /** What Cancel, Esc and the title bar's X ask while a build, a check or a zip runs. */
    public static final String STOP_QUESTION = "Stop what is running now? Nothing half-written is kept.";
    /** What Cancel and the title bar's X ask when nothing runs. */
    public static final String CLOSE_QUESTION = "Close the wizard? Choices not saved in a release profile are lost.";
    /** Wide enough for the longest title in bold, "2  Track and architectures", with its icon. */
    private static final double STEP_LIST_WIDTH = 278;

    private final WizardViewModel vm;
    private final Function<StepId, StepView> viewFactory;
    private final Map<StepId, StepView> views = new EnumMap<>(StepId.class);
    private final Confirmation confirmation;
    private final Runnable onClose;
    private final boolean systemDark;
    private final ObjectProperty<ThemeChoice> themeChoice = new SimpleObjectProperty<>(ThemeChoice.SYSTEM);
    private final ReadOnlyObjectWrapper<Theme> theme = new ReadOnlyObjectWrapper<>();
    private final BorderPane root = new BorderPane();
    private final StackPane host = new StackPane();
    /** The step's area: the step, and a notice over its top when one is shown. */
    private final StackPane stepArea = new StackPane(host);
    private final NoticeBar notices = new NoticeBar(stepArea, ID_NOTIFICATIONS);
    private final Button back = new Button("_Back");
    private final Button next = new Button();
    private final Button cancel = new Button("_Cancel");
    private final Scene scene;
    private final EventHandler<WindowEvent> closeHandler = this::closeRequested;
    private StepView current;
    private ButtonBase markedDefault;

    /**
     * @param demoNotice  a sentence shown on every step when the sample environment is shown, or null
     * @param viewFactory builds a step's view the first time the step is shown
     * @param onClose     closes the window (after the user agreed)
     * @param failures    shows a fault of HIP Packager itself to the user (the details dialog)
     * @param systemDark  whether the desktop asks for a dark look (what "follow the system" shows)
     */
    public WizardWindow(WizardViewModel vm, String demoNotice, Function<StepId, StepView> viewFactory,
            Confirmation confirmation, Runnable onClose, FailureReporter failures, boolean systemDark, double width, double height) {
        this.vm = vm;
        this.viewFactory = viewFactory;
        this.confirmation = confirmation;
        this.onClose = onClose;
        this.systemDark = systemDark;
        root.getStyleClass().add(Css.ROOT);
        if (demoNotice != null) {
            root.setTop(banner(demoNotice));
        }
        root.setLeft(new StepListView(vm, ID_STEP_LIST, STEP_LIST_WIDTH).node());
        host.setId(ID_STEP_HOST);
        host.getStyleClass().add(Css.STEP_HOST);
        root.setCenter(stepArea);
        root.setBottom(new VBox(buttons(), statusBar()));
        for (StepViewModel s : vm.steps()) {
            s.reportFailuresTo(failures);
        }
        theme.set(themeChoice.get().resolve(systemDark));
        themeChoice.addListener((o, was, now) -> theme.set(now.resolve(systemDark)));
        scene = new Scene(root, width, height);
        applyTheme(theme.get());
        theme.addListener((o, was, now) -> applyTheme(now));
        scene.addEventFilter(KeyEvent.KEY_PRESSED, this::keyFilter);
        // Whatever window shows the scene asks before it closes, as Cancel does.
        scene.windowProperty().addListener((o, was, now) -> {
            if (was != null) {
                was.removeEventHandler(WindowEvent.WINDOW_CLOSE_REQUEST, closeHandler);
            }
            if (now != null) {
                now.addEventHandler(WindowEvent.WINDOW_CLOSE_REQUEST, closeHandler);
            }
        });
        scene.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ENTER && !e.isAltDown() && !e.isControlDown() && !e.isShiftDown()) {
                e.consume();
                defaultAction();
            }
        });
        vm.currentProperty().addListener((o, was, now) -> showStep(now));
        vm.canNextProperty().addListener(o -> markDefault());
        // While a task runs every control but Cancel may be disabled, and the focus falls on
        // Cancel; when it ends, the focus goes back into the step.
        vm.busyProperty().addListener((o, was, now) -> {
            if (!now && (scene.getFocusOwner() == null || scene.getFocusOwner() == cancel) && current != null) {
                Platform.runLater(this::focusStep);
            }
        });
        if (vm.currentProperty().get() != null) {
            showStep(vm.currentProperty().get());
        }
    }

    public Scene scene() {
        return scene;
    }

    /** The theme shown now (what the choice resolves to). */
    public ReadOnlyObjectProperty<Theme> themeProperty() {
        return theme.getReadOnlyProperty();
    }

    /** Follow the system, or one picked by the user (then remembered). */
    public ObjectProperty<ThemeChoice> themeChoiceProperty() {
        return themeChoice;
    }

    /** The view of a step once it was shown; null before. */
    public StepView view(StepId id) {
        return views.get(id);
    }

    /**
     * Notices inside the window, over the top of the current step; while the window is in the
     * background, also on the screen (ControlsFX's notifications), so that the end of a long build
     * or zip is seen from another window.
     */
    public Notifier notifier() {
        Notifier onScreen = new ScreenNotifier(() -> scene().getWindow());
        return notice -> {
            notices.show(notice);
            onScreen.show(notice);
        };
    }

    /** Whether a notice is shown now, and its words (null when none ever was). */
    public boolean noticeShown() {
        return notices.isShowing();
    }

    public String noticeText() {
        return notices.text();
    }

    /** Hides a notice shown now (the screenshot tour, which shows the step itself). */
    public void dismissNotices() {
        notices.hide();
    }

    private Node banner(String notice) {
        Label label = new Label(notice, Icons.of(Icons.Glyph.DEMO, Icons.BANNER_SIZE));
        label.setWrapText(true);
        HBox box = new HBox(label);
        box.setId(ID_BANNER);
        box.getStyleClass().add(Css.BANNER);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    private Node buttons() {
        back.setId(ID_BACK);
        back.setMnemonicParsing(true);
        back.disableProperty().bind(vm.canBackProperty().not());
        back.setOnAction(e -> vm.back());

        next.setId(ID_NEXT);
        next.setMnemonicParsing(true);
        next.textProperty().bind(Bindings.when(vm.lastProperty()).then("_Finish").otherwise("_Next"));
        next.disableProperty().bind(vm.canNextProperty().not());
        next.setOnAction(e -> vm.next());

        cancel.setId(ID_CANCEL);
        cancel.setMnemonicParsing(true);
        cancel.setOnAction(e -> {
            if (vm.busyProperty().get()) {
                askToCancelTask();
            } else if (confirmation.ask("Close HIP Packager", CLOSE_QUESTION)) {
                onClose.run();
            }
        });
        for (Button b : List.of(back, next, cancel)) {
            b.setMinWidth(Button.USE_PREF_SIZE);
        }

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

    /**
     * A label and the theme menu in a box: ControlsFX's {@code StatusBar} did the same with a
     * control, a skin and a style sheet of its own in the first scene (docs/design.md §10.3), and a
     * progress bar that repeated the step's.
     */
    private Node statusBar() {
        Label text = new Label();
        text.setId(ID_STATUS_TEXT);
        // A long reason is cut at the end; the theme menu keeps its place.
        text.setMinWidth(0);
        text.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(text, Priority.ALWAYS);
        if (vm.currentProperty().get() != null) {
            bindStatus(text, vm.currentProperty().get());
        }
        vm.currentProperty().addListener((o, was, now) -> bindStatus(text, now));
        HBox bar = new HBox(8, text, themeMenu());
        bar.setId(ID_STATUS);
        bar.getStyleClass().add(Css.STATUS_BAR);
        bar.setAlignment(Pos.CENTER_LEFT);
        return bar;
    }

    /**
     * Light, dark, or the system's setting: a button whose menu opens above it; its tooltip says
     * which is shown. The menu is made when first opened (docs/design.md §10.2): a
     * {@code MenuButton} made its popup window (with a scene of its own) for the first window,
     * which never shows it.
     */
    private Node themeMenu() {
        Button button = new Button(null, Icons.of(Icons.Glyph.THEME));
        button.setId(ID_THEME);
        // The last stop of Tab, after Cancel: Space opens the menu, the arrows and Enter pick.
        button.setAccessibleText("Theme");
        ContextMenu[] menu = new ContextMenu[1];
        button.setOnAction(e -> {
            if (menu[0] == null) {
                menu[0] = themeChoices();
            }
            menu[0].show(button, Side.TOP, 0, 0);
        });
        HoverTooltip.install(button, () -> "Theme: " + switch (themeChoice.get()) {
            case SYSTEM -> "following the system (" + (systemDark ? "dark" : "light") + ")";
            case LIGHT -> "light";
            case DARK -> "dark";
        });
        themeChoice.addListener(o -> HoverTooltip.refresh(button));
        return button;
    }

    private ContextMenu themeChoices() {
        ContextMenu menu = new ContextMenu();
        menu.setId(ID_THEME + "-choices");
        ToggleGroup group = new ToggleGroup();
        for (ThemeChoice c : ThemeChoice.values()) {
            RadioMenuItem item = new RadioMenuItem(switch (c) {
                case SYSTEM -> "Follow the system (" + (systemDark ? "dark" : "light") + ")";
                case LIGHT -> "Light";
                case DARK -> "Dark";
            });
            item.setId("theme-" + c.settingsValue());
            item.setToggleGroup(group);
            item.setSelected(themeChoice.get() == c);
            item.setOnAction(e -> themeChoice.set(c));
            themeChoice.addListener((o, was, now) -> item.setSelected(now == c));
            menu.getItems().add(item);
        }
        return menu;
    }

    private void bindStatus(Label text, StepViewModel step) {
        text.textProperty().unbind();
        text.textProperty().bind(Bindings.createStringBinding(() -> {
            String st = step.statusProperty().get();
            if (st != null && !st.isEmpty()) {
                return st;
            }
            String b = vm.blockerProperty().get();
            return b.isEmpty() ? "Ready: press Next (Enter) to continue." : b;
        }, step.statusProperty(), vm.blockerProperty()));
    }

    private final InvalidationListener remark = o -> markDefault();

    private void showStep(StepViewModel step) {
        if (current != null && current.mainAction() != null) {
            current.mainAction().disabledProperty().removeListener(remark);
        }
        current = views.computeIfAbsent(step.id(), id -> Objects.requireNonNull(viewFactory.apply(id)));
        host.getChildren().setAll(current.root());
        if (current.mainAction() != null) {
            current.mainAction().disabledProperty().addListener(remark);
        }
        markDefault();
        // After the layout pass, so the new view's controls can take the focus.
        StepView shown = current;
        Platform.runLater(() -> {
            if (current == shown) {
                focusStep();
            }
        });
    }

    /** The step's first control, else Next, else Back: never Cancel. */
    private void focusStep() {
        for (Node n : new Node[] {current.initialFocus(), next, back}) {
            if (n != null && !n.isDisabled() && n.isVisible() && n.getScene() == scene) {
                n.requestFocus();
                return;
            }
        }
    }

    /** Draws what Enter runs now as the default button. */
    private void markDefault() {
        ButtonBase target = vm.canNextProperty().get() ? next
                : current != null && current.mainAction() != null && !current.mainAction().isDisabled() ? current.mainAction() : null;
        if (markedDefault != null) {
            markedDefault.getStyleClass().remove(Css.DEFAULT_ACTION);
        }
        markedDefault = target;
        if (target != null && !target.getStyleClass().contains(Css.DEFAULT_ACTION)) {
            target.getStyleClass().add(Css.DEFAULT_ACTION);
        }
    }

    /** Enter: Next when possible, else the step's own main action when enabled; nothing else. */
    private void defaultAction() {
        if (vm.canNextProperty().get()) {
            vm.next();
            return;
        }
        ButtonBase main = current == null ? null : current.mainAction();
        if (main != null && !main.isDisabled() && main.isVisible()) {
            main.fire();
        }
    }

    private void keyFilter(KeyEvent e) {
        if (e.getCode() == KeyCode.ESCAPE && vm.busyProperty().get()) {
            e.consume();
            askToCancelTask();
            return;
        }
        if (e.getCode() == KeyCode.ESCAPE && notices.isShowing()) {
            e.consume();
            notices.hide();
            return;
        }
        if (e.getCode() != KeyCode.ENTER || e.isAltDown() || e.isControlDown() || e.isShiftDown()) {
            return;
        }
        // A field takes Enter first (to commit what was typed); what it leaves comes back to the
        // handler. A focused button, check box, switch or list does not take Enter for itself:
        // Space presses it, Enter is the step's default action.
        Node focus = scene.getFocusOwner();
        boolean typing = focus instanceof TextInputControl || focus instanceof ComboBoxBase<?> || focus instanceof Spinner<?>;
        if (!typing) {
            e.consume();
            defaultAction();
        }
    }

    private void askToCancelTask() {
        if (confirmation.ask("Cancel the running task", STOP_QUESTION)) {
            vm.cancelTask();
        }
    }

    /**
     * The title bar's X, Alt+F4 or the taskbar's Close: the same questions as Cancel (No is the
     * default). While something runs, Yes stops it and closes; the application then ends the
     * processes it started before it exits. A No leaves the window open and the work running.
     */
    private void closeRequested(WindowEvent e) {
        boolean busy = vm.busyProperty().get();
        boolean close = busy ? confirmation.ask("Cancel the running task and close", STOP_QUESTION)
                : confirmation.ask("Close HIP Packager", CLOSE_QUESTION);
        if (!close) {
            e.consume();
        } else if (busy) {
            vm.cancelTask();
        }
    }

    private void applyTheme(Theme t) {
        scene.getStylesheets().setAll(
                Objects.requireNonNull(WizardWindow.class.getResource(t.tokensSheet())).toExternalForm(),
                Objects.requireNonNull(WizardWindow.class.getResource(Css.APP)).toExternalForm());
    }
}
