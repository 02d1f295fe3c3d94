package dev.hippack.cli;

import dev.hippack.core.ByteSize;
import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.Track;
import dev.hippack.core.detect.HipSdkFinder;
import dev.hippack.core.detect.SdkKernelLookup;
import dev.hippack.core.estimate.ArchSize;
import dev.hippack.core.estimate.ComponentSize;
import dev.hippack.core.estimate.SizeEstimate;
import dev.hippack.core.estimate.SizeEstimator;
import dev.hippack.core.host.Host;
import dev.hippack.core.inventory.KernelFileClassifier;
import dev.hippack.core.inventory.KernelInventory;
import dev.hippack.core.inventory.KernelInventoryScanner;
import dev.hippack.core.inventory.LibraryInventory;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.PlanFacts;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.plan.ReleasePlan;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code hip-packager estimate --track T [--targets a,b] [--sdk DIR] [--drop-rocblas-kernels] [--json]}: the package size before building. */
@Command(name = "estimate",
        description = {"Estimates the package size of a track, per component and per GPU architecture.",
            "It also lists what the plan rules find about that choice."},
        footer = {"", "Exit codes: 0 no error finding; 1 an error finding (e.g. gfx1102 on rocm7); 2 unknown track or "
            + "architecture, or an architecture given twice."})
public final class EstimateCommand extends BaseCommand {

    @Option(names = "--track", required = true, paramLabel = "TRACK", description = "rocm6 or rocm7.")
    String track;

    @Option(names = "--targets", split = ",", paramLabel = "gfxNNNN",
            description = "GPU architectures, comma separated (default: the track's).")
    List<String> targets;

    @Option(names = "--drop-rocblas-kernels", description = "Ship no rocBLAS Tensile kernels (rocblas.dll still ships).")
    boolean dropRocblasKernels;

    @Option(names = "--sdk", paramLabel = "DIR",
            description = "Scan this HIP SDK's kernel libraries (DIR\\bin\\rocblas\\library, ...) for measured sizes."
                    + " Default: the installed SDK of the track's ROCm version, when detection finds one.")
    String sdk;

    @Mixin
    JsonOption json;

    @Override
    protected int run() throws PackagerException {
        Catalog catalog = catalog();
        Track t = catalog.track(track).orElseThrow(() -> new PackagerException(
                "Unknown track '" + track + "'. Known tracks: " + catalog.knownTrackIds() + "."));
        ReleasePlan plan = ReleasePlan.forTrack(t);
        if (targets != null) {
            plan = plan.withTargets(targets(targets));
        }
        if (dropRocblasKernels) {
            plan = plan.withRocblasKernels(KernelPolicy.DROP);
        }
        PlanFacts facts = PlanFacts.unknown();
        if (sdk != null) {
            facts = facts.withKernels(scan(sdk));
            plan = plan.withSdk(sdk);
        } else {
            // Without --sdk, the installed SDK of the track's ROCm version (if detection finds one) gives measured sizes.
            Optional<KernelInventory> installed = new SdkKernelLookup(new HipSdkFinder(catalog,
                    new KernelInventoryScanner(new KernelFileClassifier()))).forVersion(host(), t.rocmVersion());
            if (installed.isPresent()) {
                facts = facts.withKernels(installed.get());
                plan = plan.withSdk(installed.get().sdk());
            }
        }
        SizeEstimate e = new SizeEstimator(catalog, new PlanRules(catalog)).estimate(plan, facts);
        if (json.on) {
            printJson(e);
        } else {
            print(out(), t, e);
        }
        return Cli.exitCode(e.hasErrors());
    }

    /**
     * The architectures of {@code --targets}, in order. One given twice is refused, as a profile
     * refuses it: counting it twice would double its kernels in the estimate, and a silent
     * collapse would hide a typo such as gfx1100,gfx1100 for gfx1100,gfx1101.
     */
    static List<String> targets(List<String> given) throws PackagerException {
        List<String> out = new ArrayList<>();
        for (String t : given) {
            String id = t.trim();
            if (id.isEmpty()) {
                continue;
            }
            if (out.contains(id)) {
                throw new PackagerException("--targets names " + id + " twice; give each architecture once (e.g. --targets "
                        + String.join(",", out) + ").");
            }
            out.add(id);
        }
        return out;
    }

    /** The SDK's kernel inventory; an SDK without either kernel library is bad input, not an estimate of nothing. */
    private KernelInventory scan(String sdkPath) throws PackagerException {
        Host host = host();
        KernelInventory inventory = new KernelInventoryScanner(new KernelFileClassifier()).scanSdk(host, sdkPath);
        if (inventory.libraries().stream().noneMatch(LibraryInventory::present)) {
            throw new PackagerException("No kernel libraries in the HIP SDK " + sdkPath + ": "
                    + inventory.libraries().stream().flatMap(l -> l.problems().stream()).collect(Collectors.joining("; "))
                    + ". Give the SDK folder, e.g. \"C:\\Program Files\\AMD\\ROCm\\6.4\".");
        }
        return inventory;
    }

    private static void print(PrintWriter out, Track t, SizeEstimate e) {
        out.println("Estimate for " + t.id() + " (ROCm " + t.rocmVersion() + "), " + e.targets().size() + " targets, figures from the "
                + e.source() + (e.approximate() ? " (~ marks figures partly derived from totals)" : ""));
        out.println();
        out.printf("%-20s %12s%n", "Component", "Size");
        for (ComponentSize c : e.components()) {
            out.printf("%-20s %12s%s%n", c.id().id(), ByteSize.of(c.bytes()), c.derived() ? " ~" : "");
        }
        out.printf("%-20s %12s%n", "total", ByteSize.of(e.totalBytes()));
        out.printf("%-20s %12s to %s%n", "zip", ByteSize.of(e.zipBytes().low()), ByteSize.of(e.zipBytes().high()));
        out.println();
        out.printf("%-12s %12s %12s %12s%n", "Architecture", "rocBLAS", "hipBLASLt", "Total");
        for (ArchSize a : e.archs()) {
            out.printf("%-12s %12s %12s %12s%s%n", a.arch(), ByteSize.of(a.rocblasBytes()), ByteSize.of(a.hipblasltBytes()),
                    ByteSize.of(a.totalBytes()), a.derived() ? " ~" : "");
        }
        out.println();
        FindingsText.printWithSummary(out, e.findings());
    }
}
