package dev.hippack.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.archive.ZipResult;
import dev.hippack.ui.steps.archive.ArchiveStepView;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.WizardWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Labeled;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** What the wizard walks share: waiting for a step, pressing its buttons, reading its labels, checking the zip. */
final class Walk {

    private final FxRobot robot;
    private final Wizard wizard;

    Walk(FxRobot robot, Wizard wizard) {
        this.robot = robot;
        this.wizard = wizard;
    }

    /** Waits (up to {@code seconds}) until the condition, read on the FX thread, holds. */
    static void waitFor(int seconds, BooleanSupplier condition) throws Exception {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, () -> onFx(condition::getAsBoolean));
    }

    static <T> T onFx(Supplier<T> s) throws Exception {
        List<T> out = new ArrayList<>(Collections.nCopies(1, null));
        WaitForAsyncUtils.asyncFx(() -> out.set(0, s.get())).get(30, TimeUnit.SECONDS);
        return out.get(0);
    }

    /** Presses a button as a keyboard user would (it may be scrolled out of view); it must be enabled. */
    void press(String id) {
        ButtonBase b = robot.lookup("#" + id).queryAs(ButtonBase.class);
        assertThat(b.isDisabled()).as(id + " enabled").isFalse();
        robot.interact(b::fire);
    }

    /** Next, once the step allows it, and waits for {@code expected}. */
    void next(StepId expected) throws Exception {
        waitFor(240, () -> wizard.viewModel().canNextProperty().get());
        press(WizardWindow.ID_NEXT);
        waitFor(10, () -> wizard.viewModel().currentId() == expected);
        WaitForAsyncUtils.waitForFxEvents();
    }

    String text(String id) {
        return robot.lookup("#" + id).queryAs(Labeled.class).getText();
    }

    boolean shown(String id) {
        Node n = robot.lookup("#" + id).query();
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }

    boolean disabled(String id) {
        return robot.lookup("#" + id).query().isDisabled();
    }

    Button button(String id) {
        return robot.lookup("#" + id).queryButton();
    }

    /** Waits for the Archive step's zip and checks it from outside: it exists, and holds the staged package. */
    Path verifiedZip() throws Exception {
        waitFor(300, () -> !wizard.archive().busyProperty().get()
                && (wizard.archive().resultProperty().get() != null || !wizard.archive().errorProperty().get().isEmpty()));
        assertThat(wizard.archive().errorProperty().get()).isEmpty();
        ZipResult r = wizard.archive().resultProperty().get();
        assertThat(Files.isRegularFile(r.zip())).isTrue();
        assertThat(text(ArchiveStepView.ID_RESULT)).startsWith("Verified");
        try (ZipFile z = new ZipFile(r.zip().toFile())) {
            List<String> names = z.stream().filter(e -> !e.isDirectory()).map(ZipEntry::getName).toList();
            assertThat(names).hasSize(r.files());
            String top = wizard.archive().archiveNameProperty().get() + "/";
            assertThat(names).allMatch(n -> n.startsWith(top));
            assertThat(names).contains(top + "audiocpp_cli.exe", top + "audiocpp_server.exe");
        }
        return r.zip();
    }

    /** The entries of a zip, for what a walk checks about its content. */
    static List<String> entries(Path zip) throws Exception {
        try (ZipFile z = new ZipFile(zip.toFile())) {
            return z.stream().map(ZipEntry::getName).toList();
        }
    }
}
