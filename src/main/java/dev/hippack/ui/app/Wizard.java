package dev.hippack.ui.app;

import dev.hippack.cli.GuiRequest;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.ui.common.FileOpener;
import dev.hippack.ui.common.TaskRunner;
import dev.hippack.ui.settings.AppSettings;
import dev.hippack.core.estimate.SizeEstimator;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.ui.steps.track.CoreEstimates;
import dev.hippack.ui.steps.track.TrackStepView;
import dev.hippack.ui.steps.track.TrackStepViewModel;
import dev.hippack.ui.wizard.Confirmation;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.StepViewModel;
import dev.hippack.ui.wizard.UnavailableStepView;
import dev.hippack.ui.wizard.UnavailableStepViewModel;
import dev.hippack.ui.wizard.WizardDraft;
import dev.hippack.ui.wizard.WizardViewModel;
import dev.hippack.ui.wizard.WizardWindow;
import java.util.List;
import java.util.concurrent.Executor;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.scene.Node;

/**
 * Wires the engine's services into the five steps once, and builds the window. Tests build it
 * with their own runner, executor and confirmation, and put its scene on a stage.
 */
public final class Wizard {

    private final GuiRequest request;
    private final WizardDraft draft;
    private final WizardViewModel vm;
    private final WizardWindow window;
    private final StringBinding title;
    private final TrackStepViewModel track;

    public Wizard(GuiRequest request, Catalog catalog, TaskRunner runner, Executor fx, FileOpener opener,
            AppSettings settings, Confirmation confirmation, Runnable close) {
        this.request = request;
        draft = WizardDraft.forTrack(catalog.tracks().get(0));
        draft.source(settings.lastCheckout());
        draft.outputDir(settings.outputFolder());

        UnavailableStepViewModel environment = new UnavailableStepViewModel(StepId.ENVIRONMENT,
                "Detecting HIP SDKs, Visual Studio, tools, GPUs and the audio.cpp checkout is not available in this "
                        + "build yet. You can still choose a track and architectures from the catalog.", true);
        PlanRules rules = new PlanRules(catalog);
        track = new TrackStepViewModel(catalog,
                CoreEstimates.estimator(new SizeEstimator(catalog, rules), draft::factsFor),
                CoreEstimates.judge(rules, draft::factsFor));
        UnavailableStepViewModel build = new UnavailableStepViewModel(StepId.BUILD,
                "Building audiocpp_cli and audiocpp_server is not available in this build yet.", false);
        UnavailableStepViewModel review = new UnavailableStepViewModel(StepId.REVIEW,
                "Staging the package and auditing it is not available in this build yet.", false);
        UnavailableStepViewModel archive = new UnavailableStepViewModel(StepId.ARCHIVE,
                "Zipping and verifying the package is not available in this build yet.", false);
        List<StepViewModel> steps = List.of(environment, track, build, review, archive);
        vm = new WizardViewModel(steps, draft);

        window = new WizardWindow(vm, demoNotice(request), id -> view(id, steps), confirmation, close, 1180, 780);
        title = Bindings.createStringBinding(() -> {
            StepId id = vm.currentId();
            return "HIP Packager" + (id == null ? "" : " - " + id.title())
                    + (request.demo() ? " - SAMPLE ENVIRONMENT (--demo)" : "")
                    + (request.hostDir() != null ? " - host " + request.hostDir() : "");
        }, vm.currentProperty());
        vm.start();
    }

    private static String demoNotice(GuiRequest request) {
        if (request.demo()) {
            return "Sample environment (--demo): a generated Windows build machine, not this computer. "
                    + "Nothing you do here touches a real SDK or checkout.";
        }
        if (request.hostDir() != null) {
            return "Described host (--host " + request.hostDir() + "): the machine shown is the one described there.";
        }
        return null;
    }

    private Node view(StepId id, List<StepViewModel> steps) {
        StepViewModel step = steps.stream().filter(s -> s.id() == id).findFirst().orElseThrow();
        if (step instanceof TrackStepViewModel t) {
            return new TrackStepView(t).root();
        }
        if (step instanceof UnavailableStepViewModel u) {
            return UnavailableStepView.of(u);
        }
        throw new IllegalStateException("no view for step " + id);
    }

    public WizardWindow window() { return window; }
    public WizardViewModel viewModel() { return vm; }
    public WizardDraft draft() { return draft; }
    public StringBinding titleProperty() { return title; }
    public GuiRequest request() { return request; }

    /** The settings with this session's checkout and output folder. */
    public AppSettings rememberedChoices(AppSettings s) {
        AppSettings out = s;
        if (draft.source() != null) {
            out = out.withLastCheckout(draft.source());
        }
        if (draft.outputDir() != null) {
            out = out.withOutputFolder(draft.outputDir());
        }
        return out;
    }

    /**
     * For the screenshot tour: starts the step's main action once if it has one that is not done
     * yet (detect, build, stage, archive). Returns true when something was started.
     */
    boolean tourAction(StepId id) {
        return false;
    }

    /** Stops what runs in the background (the app is closing). */
    public void close() {
        vm.cancelTask();
    }
}
