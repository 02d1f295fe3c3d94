package dev.hippack.core.stage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.FileTrees;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.catalog.GpuArchitecture;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.catalog.KernelSizes;
import dev.hippack.core.demo.SampleEnvironment;
import dev.hippack.core.demo.SampleEnvironmentWriter;
import dev.hippack.core.demo.SharedSample;
import dev.hippack.core.detect.MachineDetector;
import dev.hippack.core.detect.MachineReport;
import dev.hippack.core.host.Host;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The sample machine the architecture-selection tests share, written once per test JVM (its
 * kernel libraries are 3 GB of sparse files) and removed when the JVM ends, with the helpers
 * that turn a selection into the plan a user would make of it.
 */
final class SampleSelections {

    static final Catalog CATALOG = CatalogLoader.embedded();

    private static SampleSelections instance;

    final Path root;
    final SampleEnvironment sample;
    final Host host;
    final MachineReport report;

    private SampleSelections(Path root) throws Exception {
        this.root = root;
        this.sample = SharedSample.copyTo(root.resolve("sample"));
        this.host = sample.host();
        this.report = MachineDetector.standard(CATALOG).detect(host, SampleEnvironmentWriter.CHECKOUT);
    }

    static synchronized SampleSelections get() throws Exception {
        if (instance == null) {
            Path root = Files.createTempDirectory("hippack-selections");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    FileTrees.delete(root);
                } catch (IOException ignored) {
                    // the system's temp cleaning takes it
                }
            }));
            instance = new SampleSelections(root);
        }
        return instance;
    }

    /** The sample profile of a track, with {@code targets} and the track a user's selection gets (custom unless the preset's). */
    ReleasePlan selection(String trackId, List<String> targets) throws Exception {
        ReleasePlan base = new ProfileStore(CATALOG).load(sample.profile(trackId));
        boolean preset = new TreeSet<>(targets).equals(new TreeSet<>(base.targets()));
        return base.withTargets(targets).withTrack(preset ? trackId : ReleasePlan.CUSTOM_TRACK);
    }

    /** The architectures the scanned SDK of the track's ROCm version supports: hipBLASLt kernels, not blocked. */
    List<String> supported(String trackId) throws Exception {
        ReleasePlan base = new ProfileStore(CATALOG).load(sample.profile(trackId));
        KernelSizes kernels = report.planFacts(base).kernels().orElseThrow();
        assertThat(kernels.source()).isEqualTo(KernelSizes.MEASURED);
        return CATALOG.architectures().stream().filter(a -> !a.blocked())
                .filter(a -> kernels.hasKernels(KernelLibrary.HIPBLASLT, a.id())).map(GpuArchitecture::id).toList();
    }

    /** Every non-empty subset of {@code archs}, in matrix order. */
    static List<List<String>> subsets(List<String> archs) {
        List<List<String>> out = new ArrayList<>();
        for (int mask = 1; mask < (1 << archs.size()); mask++) {
            List<String> s = new ArrayList<>();
            for (int i = 0; i < archs.size(); i++) {
                if ((mask & (1 << i)) != 0) {
                    s.add(archs.get(i));
                }
            }
            out.add(s);
        }
        return out;
    }
}
