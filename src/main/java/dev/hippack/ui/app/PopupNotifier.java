package dev.hippack.ui.app;

import dev.hippack.ui.common.Notifier;
import javafx.geometry.Pos;
import javafx.stage.Window;
import javafx.util.Duration;
import org.controlsfx.control.Notifications;

/** Notices as ControlsFX notifications in the top right corner of the wizard's window, clear of Back and Next. */
final class PopupNotifier implements Notifier {

    private final Window owner;

    PopupNotifier(Window owner) {
        this.owner = owner;
    }

    @Override
    public void show(Notice notice) {
        if (owner == null || !owner.isShowing()) {
            return;
        }
        Notifications n = Notifications.create()
                .owner(owner)
                .title(notice.title())
                .text(notice.text())
                .position(Pos.TOP_RIGHT)
                .hideAfter(Duration.seconds(8));
        switch (notice.severity()) {
            case ERROR -> n.showError();
            case WARNING -> n.showWarning();
            case INFO -> n.showInformation();
        }
    }
}
