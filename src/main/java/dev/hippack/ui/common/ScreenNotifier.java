package dev.hippack.ui.common;

import java.util.function.Predicate;
import java.util.function.Supplier;
import javafx.geometry.Pos;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.Duration;
import org.controlsfx.control.Notifications;

/**
 * Says that a long task ended on the screen, with ControlsFX's {@link Notifications}, while the
 * wizard's window is in the background: a user who went to another window during a build or a
 * zip of several minutes sees it end there, which the notice inside the window cannot show.
 * Clicking the notification brings the window back. While the window has the focus, nothing
 * (the notice in the window says it).
 */
public final class ScreenNotifier implements Notifier {

    /** How long a notification stays: long enough to be seen on coming back to the desk. */
    static final Duration SHOWN_FOR = Duration.seconds(15);

    private final Supplier<Window> window;
    private final Predicate<Window> inBackground;

    /** {@code window} is the wizard's, null while it has none. */
    public ScreenNotifier(Supplier<Window> window) {
        this(window, w -> !w.isFocused());
    }

    /** With the test of "in the background" given (a headless test has no other window to focus). */
    ScreenNotifier(Supplier<Window> window, Predicate<Window> inBackground) {
        this.window = window;
        this.inBackground = inBackground;
    }

    @Override
    public void show(Notice notice) {
        Window owner = window.get();
        if (owner == null || !owner.isShowing() || !inBackground.test(owner)) {
            return;
        }
        Notifications n = Notifications.create()
                .owner(owner)
                .title(notice.title())
                .text(notice.text())
                .position(Pos.BOTTOM_RIGHT)
                .hideAfter(SHOWN_FOR)
                .onAction(e -> {
                    if (owner instanceof Stage stage) {
                        stage.setIconified(false);
                        stage.toFront();
                    }
                    owner.requestFocus();
                });
        switch (notice.severity()) {
            case ERROR -> n.showError();
            case WARNING -> n.showWarning();
            case INFO -> n.showInformation();
        }
    }
}
