package dev.hippack.ui.app;

import dev.hippack.ui.steps.track.TrackStepViewModel;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.ThemeChoice;
import dev.hippack.ui.wizard.WizardViewModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * Walks the wizard as a user would (waiting while a step is busy, pressing its main action,
 * then Next) and writes a PNG of every step it reaches at each of {@link #SIZES}, in the light
 * and the dark theme: {@code light-1024x700-2-track.png}. Used by tools/screenshots.sh for
 * docs/wizard.md and the README; a step that cannot be completed ends the tour. With
 * {@value #RELEASE} set, the tour chooses "all tracks" on the Track step and shoots the steps from
 * there on as {@code release-light-1024x700-2-track.png}.
 */
final class ScreenshotTour {

    /** The smallest size the wizard is laid out for, and a large one. */
    static final List<int[]> SIZES = List.of(new int[] {1024, 700}, new int[] {1600, 1000});
    private static final List<ThemeChoice> THEMES = List.of(ThemeChoice.LIGHT, ThemeChoice.DARK);
    /** The system property that makes the tour a release of every track. */
    static final String RELEASE = "hippack.screenshotRelease";

    private final Wizard wizard;
    private final Stage stage;
    private final Path dir;
    private final boolean release = Boolean.getBoolean(RELEASE);
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
        stage.setMaximized(false);
        stage.setX(0);
        stage.setY(0);
        size(SIZES.get(0));
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
        if (release && id == StepId.TRACK && !wizard.track().allTracks()) {
            wizard.track().presetProperty().set(TrackStepViewModel.ALL_TRACKS);
            later(400, this::step);
            return;
        }
        Deque<Runnable> shots = new ArrayDeque<>();
        for (ThemeChoice theme : THEMES) {
            if (release && id == StepId.ENVIRONMENT) {
                // The same as the tour of one track shows.
                break;
            }
            for (int[] size : SIZES) {
                shots.add(() -> {
                    // A notice (build finished) covers the top of the step; the pictures show the step.
                    wizard.window().dismissNotices();
                    wizard.window().themeChoiceProperty().set(theme);
                    size(size);
                });
                shots.add(() -> shoot(String.format(Locale.ROOT, "%s%s-%dx%d-%d-%s.png", release ? "release-" : "",
                        theme.settingsValue(), size[0], size[1],
                        id.ordinal() + 1, id.name().toLowerCase(Locale.ROOT))));
            }
        }
        shots.add(() -> {
            wizard.window().themeChoiceProperty().set(ThemeChoice.LIGHT);
            size(SIZES.get(0));
        });
        run(shots, () -> {
            if (vm.canNextProperty().get() && !vm.lastProperty().get()) {
                vm.next();
                later(800, this::step);
            } else {
                Platform.exit();
            }
        });
    }

    /** Runs each action 700 ms after the one before (a resize and a theme need a few pulses to settle). */
    private void run(Deque<Runnable> actions, Runnable then) {
        if (actions.isEmpty()) {
            then.run();
            return;
        }
        actions.poll().run();
        later(700, () -> run(actions, then));
    }

    private void size(int[] size) {
        stage.setWidth(size[0]);
        stage.setHeight(size[1]);
    }

    private void shoot(String name) {
        try {
            PngWriter.write(stage.getScene().snapshot(null), dir.resolve(name));
            System.out.println("screenshot " + dir.resolve(name) + " (" + (int) stage.getScene().getWidth() + "x"
                    + (int) stage.getScene().getHeight() + ")");
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
