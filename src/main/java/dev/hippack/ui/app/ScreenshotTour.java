package dev.hippack.ui.app;

import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.Theme;
import dev.hippack.ui.wizard.WizardViewModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * Walks the wizard as a user would (waiting while a step is busy, pressing its main action,
 * then Next) and writes a PNG of every step it reaches, then a dark-theme view of the second
 * step. Used by tools/screenshots.sh for the README; a step that cannot be completed ends the tour.
 */
final class ScreenshotTour {

    private final Wizard wizard;
    private final Stage stage;
    private final Path dir;
    private int waited;

    ScreenshotTour(Wizard wizard, Stage stage, Path dir) {
        this.wizard = wizard;
        this.stage = stage;
        this.dir = dir;
    }

    void start() {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            System.err.println("Cannot create " + dir + ": " + e.getMessage());
            Platform.exit();
            return;
        }
        // One size for every screenshot, large enough to show each step without scrolling much.
        stage.setMaximized(false);
        stage.setWidth(1280);
        stage.setHeight(960);
        stage.setX(0);
        stage.setY(0);
        later(1500, this::step);
    }

    private void step() {
        WizardViewModel vm = wizard.viewModel();
        if (vm.busyProperty().get() && waited++ < 600) {
            later(200, this::step);
            return;
        }
        waited = 0;
        if (wizard.tourAction(vm.currentId())) {
            later(400, this::step);
            return;
        }
        StepId id = vm.currentId();
        shoot(String.format(Locale.ROOT, "%d-%s.png", id.ordinal() + 1, id.name().toLowerCase(Locale.ROOT)));
        if (vm.canNextProperty().get() && !vm.lastProperty().get()) {
            vm.next();
            later(800, this::step);
        } else {
            finish();
        }
    }

    private void finish() {
        WizardViewModel vm = wizard.viewModel();
        vm.goTo(StepId.TRACK);
        wizard.window().themeProperty().set(Theme.DARK);
        later(800, () -> {
            shoot("dark-2-track.png");
            wizard.window().themeProperty().set(Theme.LIGHT);
            Platform.exit();
        });
    }

    private void shoot(String name) {
        try {
            PngWriter.write(stage.getScene().snapshot(null), dir.resolve(name));
            System.out.println("screenshot " + dir.resolve(name));
        } catch (IOException e) {
            System.err.println("Cannot write " + name + ": " + e.getMessage());
        }
    }

    private static void later(int ms, Runnable r) {
        PauseTransition p = new PauseTransition(Duration.millis(ms));
        p.setOnFinished(e -> r.run());
        p.play();
    }
}
