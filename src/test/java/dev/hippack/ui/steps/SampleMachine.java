package dev.hippack.ui.steps;

import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.demo.SampleEnvironment;
import dev.hippack.core.demo.SampleEnvironmentWriter;
import dev.hippack.core.demo.SharedSample;
import dev.hippack.core.detect.MachineDetector;
import dev.hippack.ui.common.DirectTaskRunner;
import dev.hippack.ui.steps.environment.EnvironmentStepViewModel;
import dev.hippack.ui.wizard.WizardDraft;
import java.nio.file.Path;

/** The engine's sample Windows build machine, written into a test folder and detected into a draft. */
public final class SampleMachine {

    public static final Catalog CATALOG = CatalogLoader.embedded();

    public final SampleEnvironment sample;
    public final EnvironmentStepViewModel environment;
    public final WizardDraft draft;

    public SampleMachine(Path dir) throws Exception {
        sample = SharedSample.copyTo(dir.resolve("machine"));
        environment = new EnvironmentStepViewModel(sample::host, MachineDetector.standard(CATALOG), new DirectTaskRunner());
        draft = WizardDraft.forTrack(CATALOG.track("rocm6").orElseThrow());
        draft.outputDir(SampleEnvironmentWriter.OUTPUT_DIR);
        environment.enter(draft);
        environment.leave(draft);
    }
}
