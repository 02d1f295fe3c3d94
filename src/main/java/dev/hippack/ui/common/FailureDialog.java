package dev.hippack.ui.common;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.function.Supplier;
import javafx.event.ActionEvent;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;
import org.controlsfx.dialog.ExceptionDialog;

/**
 * Shows a fault of HIP Packager itself: ControlsFX's exception dialog with the sentence for the
 * user, the stack trace under "Show details", and "Copy details" (which copies and leaves the
 * dialog open). The fault is logged by whoever reports it.
 */
public final class FailureDialog implements FailureReporter {

    /** The button that copies the details; clicking it does not close the dialog. */
    public static final ButtonType COPY_DETAILS = new ButtonType("Copy details", ButtonBar.ButtonData.LEFT);
    public static final String ID = "failure-dialog";

    private final Supplier<Window> owner;
    private final String version;

    /** @param owner the window the dialog belongs to (may give null) */
    public FailureDialog(Supplier<Window> owner, String version) {
        this.owner = owner;
        this.version = version;
    }

    @Override
    public void report(String title, String message, Throwable error) {
        ExceptionDialog dialog = new ExceptionDialog(error);
        dialog.setTitle("HIP Packager - " + title);
        dialog.setHeaderText(title);
        dialog.setContentText(message);
        dialog.getDialogPane().setId(ID);
        dialog.getDialogPane().getButtonTypes().add(0, COPY_DETAILS);
        String details = details(title, message, error, version);
        Button copy = (Button) dialog.getDialogPane().lookupButton(COPY_DETAILS);
        copy.setId("failure-copy-details");
        copy.addEventFilter(ActionEvent.ACTION, e -> {
            Clipboards.put(details);
            e.consume();
        });
        AppIcons.apply(dialog, owner.get());
        dialog.show();
    }

    /** Everything a bug report needs, as plain text. */
    public static String details(String title, String message, Throwable error, String version) {
        StringWriter trace = new StringWriter();
        error.printStackTrace(new PrintWriter(trace));
        return "HIP Packager " + version + "\n"
                + "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + "), "
                + System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch") + "\n"
                + "Time: " + Instant.now() + "\n\n"
                + title + "\n" + message + "\n\n" + trace;
    }
}
