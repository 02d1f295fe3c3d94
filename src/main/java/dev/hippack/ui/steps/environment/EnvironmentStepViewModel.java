package dev.hippack.ui.steps.environment;

import dev.hippack.core.detect.DetectRequest;
import dev.hippack.core.detect.DetectedGpu;
import dev.hippack.core.detect.DetectedTool;
import dev.hippack.core.detect.HipSdk;
import dev.hippack.core.detect.MachineDetector;
import dev.hippack.core.detect.MachineReport;
import dev.hippack.core.detect.MsvcToolset;
import dev.hippack.core.detect.VisualStudioInstance;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.host.Host;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.ui.common.Outcome;
import dev.hippack.ui.common.TaskRunner;
import dev.hippack.ui.wizard.AbstractStepViewModel;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.WizardDraft;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Step 1. Opens the build machine and runs the engine's detection in the background (the window
 * never waits for it), then shows what was found. Problems are findings with fixes; none of them
 * blocks the wizard, because the catalog stands in for a missing SDK while choosing a track.
 * Leaving writes the machine, the report, the checkout, the SDKs and the recommended Visual
 * Studio into the draft.
 */
public final class EnvironmentStepViewModel extends AbstractStepViewModel {

    private final HostSource hostSource;
    private final MachineDetector detector;
    private final ReadOnlyObjectWrapper<MachineReport> report = new ReadOnlyObjectWrapper<>(this, "report");
    private final ReadOnlyObjectWrapper<Host> host = new ReadOnlyObjectWrapper<>(this, "host");
    private final ReadOnlyStringWrapper checkout = new ReadOnlyStringWrapper(this, "checkout");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ObservableList<HipSdk> sdks = FXCollections.observableArrayList();
    private final ObservableList<VisualStudioInstance> visualStudio = FXCollections.observableArrayList();
    private final ObservableList<DetectedTool> tools = FXCollections.observableArrayList();
    private final ObservableList<DetectedGpu> gpus = FXCollections.observableArrayList();
    private final ObservableList<Finding> findings = FXCollections.observableArrayList();

    public EnvironmentStepViewModel(HostSource hostSource, MachineDetector detector, TaskRunner runner) {
        super(runner);
        this.hostSource = hostSource;
        this.detector = detector;
        blockedBy("Detection has not run yet.");
    }

    @Override
    public StepId id() {
        return StepId.ENVIRONMENT;
    }

    @Override
    public void enter(WizardDraft draft) {
        if (checkout.get() == null && draft.source() != null) {
            checkout.set(draft.source());
        }
        if (report.get() == null && !busy.get()) {
            rescan();
        }
    }

    @Override
    public void leave(WizardDraft d) {
        MachineReport r = report.get();
        d.host(host.get());
        d.report(r);
        if (r == null) {
            return;
        }
        if (r.checkout() != null) {
            d.source(r.checkout().path());
        } else if (checkout.get() != null) {
            d.source(checkout.get());
        }
        Map<String, String> byVersion = new LinkedHashMap<>();
        for (HipSdk s : r.sdks()) {
            if (s.version() != null && s.usable()) {
                byVersion.putIfAbsent(s.version(), s.path());
            }
        }
        d.sdkByVersion(byVersion);
        d.localGpus(r.gpus().stream().map(DetectedGpu::arch).toList());
        Optional<VisualStudioInstance> vs = recommendedVisualStudio(r);
        if (vs.isPresent() && d.vsInstance() == null) {
            d.vsInstance(vs.get().path());
            d.toolset(vs.get().recommendedToolset().map(MsvcToolset::vcvarsVersion).orElse(ReleasePlan.RECOMMENDED_TOOLSET));
        }
        if (d.sdk() == null && d.rocmVersion() != null) {
            d.sdk(byVersion.get(d.rocmVersion()));
        }
    }

    /** The first instance with a 14.44 toolset: the one a HIP build needs (docs/distribution-rules.md §4.2). */
    public static Optional<VisualStudioInstance> recommendedVisualStudio(MachineReport r) {
        return r.visualStudio().stream().filter(v -> v.recommendedToolset().isPresent()).findFirst();
    }

    /** Runs detection again (the checkout may have changed, or something was installed). */
    public void rescan() {
        if (busy.get()) {
            return;
        }
        error.set("");
        blockedBy("Detection is running.");
        Host known = host.get();
        String source = checkout.get();
        runJob("Detection", "Detecting the build machine", (listener, token) -> {
            Host h = known != null ? known : hostSource.open();
            return new Detected(h, detector.run(new DetectRequest(h, source), listener, token));
        }, outcome -> {
            if (outcome instanceof Outcome.Succeeded<Detected> s) {
                host.set(s.value().host());
                show(s.value().report());
                blockedBy(null);
            } else if (outcome instanceof Outcome.Failed<Detected> f) {
                error.set(f.message());
                blockedBy("Detection failed: " + f.message());
            } else {
                blockedBy("Detection was cancelled: press Rescan.");
            }
        });
    }

    /** Uses another checkout (a folder on this machine) and detects again. */
    public void chooseCheckout(Path localFolder) {
        Host h = host.get();
        checkout.set(h == null ? localFolder.toString() : h.toHostPath(localFolder));
        rescan();
    }

    /** Whether dropped files can be taken as the checkout: exactly one folder, and detection is not running. */
    public boolean acceptsDrop(List<Path> files) {
        return !busy.get() && files.size() == 1 && Files.isDirectory(files.get(0));
    }

    /** A folder dropped on the step becomes the checkout (and detection runs again); false when the drop is not one folder. */
    public boolean dropped(List<Path> files) {
        if (!acceptsDrop(files)) {
            return false;
        }
        chooseCheckout(files.get(0));
        return true;
    }

    /** The checkout as a folder on this machine, for a folder chooser to start in; null when unknown. */
    public Path checkoutFolder() {
        Host h = host.get();
        String c = report.get() != null && report.get().checkout() != null ? report.get().checkout().path() : checkout.get();
        if (h == null || c == null) {
            return null;
        }
        try {
            return h.resolve(c);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private void show(MachineReport r) {
        report.set(r);
        sdks.setAll(r.sdks());
        visualStudio.setAll(r.visualStudio());
        tools.setAll(r.tools());
        gpus.setAll(r.gpus());
        findings.setAll(r.findings());
        if (r.checkout() != null) {
            checkout.set(r.checkout().path());
        }
    }

    private record Detected(Host host, MachineReport report) { }

    public ReadOnlyObjectProperty<MachineReport> reportProperty() { return report.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<Host> hostProperty() { return host.getReadOnlyProperty(); }
    /** The audio.cpp checkout as a build-machine path; null until known. */
    public ReadOnlyStringProperty checkoutProperty() { return checkout.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    public ObservableList<HipSdk> sdks() { return sdks; }
    public ObservableList<VisualStudioInstance> visualStudio() { return visualStudio; }
    public ObservableList<DetectedTool> tools() { return tools; }
    public ObservableList<DetectedGpu> gpus() { return gpus; }
    public ObservableList<Finding> findings() { return findings; }

    /** The findings in display order: errors, warnings, then the rest. */
    public List<Finding> sortedFindings() {
        return findings.stream().sorted((a, b) -> a.severity().compareTo(b.severity())).toList();
    }
}
