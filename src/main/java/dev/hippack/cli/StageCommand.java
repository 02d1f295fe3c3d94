package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.build.BuiltBinariesCheck;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.host.Host;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.stage.LayoutPlanner;
import dev.hippack.core.stage.PackageLayout;
import dev.hippack.core.stage.StageRequest;
import dev.hippack.core.stage.StageResult;
import dev.hippack.core.stage.Stager;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code hip-packager stage --profile FILE --out DIR}: the package folder, by hard links or copies. */
@Command(name = "stage", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Stages the package folder of a release profile: the built executables, the ROCm DLLs they import",
            "(followed through the SDK's bin), the CRT DLLs, the kernel libraries filtered to the targets, README.md",
            "and a sample server.json. Written as DIR/<package>.partial, renamed to DIR/<package> when complete.",
            "The binaries are checked against the profile first (CMakeCache.txt and HIP Packager's build record)."
        },
        footer = {"", "Exit codes: 0 staged; 1 staged, but the binaries do not match the profile (see the errors); 2 bad input."})
public final class StageCommand implements Callable<Integer> {

    @ParentCommand
    HipPackagerCommand root;

    @Spec
    CommandSpec spec;

    @Option(names = "--profile", paramLabel = "FILE", description = "The release profile (with --demo: the sample's rocm6.json).")
    Path profile;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the package folder goes; default: the profile's outputDir.")
    Path out;

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    @Override
    public Integer call() throws PackagerException, OperationCancelledException {
        Staged staged = stage(root, profile, out, new ConsoleProgress(spec.commandLine().getErr(), json));
        PrintWriter stdout = spec.commandLine().getOut();
        List<Finding> binaries = new BuiltBinariesCheck().check(staged.plan(), staged.host());
        if (json) {
            JsonOutput.print(stdout, StageJson.of(staged.result(), binaries));
        } else {
            printFindings(spec.commandLine().getErr(), staged.result().findings());
            printFindings(spec.commandLine().getErr(), binaries);
            printSummary(stdout, staged.result());
        }
        if (binaries.stream().anyMatch(Finding::isError)) {
            spec.commandLine().getErr().println("hip-packager: the binaries in the build folder do not match the profile (see above);"
                    + " " + staged.result().packageDir() + " must not be shipped. Rebuild, then stage again.");
            spec.commandLine().getErr().flush();
            return Cli.FAILED;
        }
        return Cli.OK;
    }

    /** A staged package and the plan it came from; shared with {@code package}. */
    record Staged(ReleasePlan plan, Host host, StageResult result) { }

    static Staged stage(HipPackagerCommand root, Path profile, Path out, ConsoleProgress progress)
            throws PackagerException, OperationCancelledException {
        Catalog catalog = CatalogLoader.embedded();
        ReleasePlan plan = new ProfileStore(catalog).load(root.profileOrDemoDefault(profile));
        return stage(catalog, plan, root.host(), out, progress);
    }

    static Staged stage(Catalog catalog, ReleasePlan plan, Host host, Path out, ConsoleProgress progress)
            throws PackagerException, OperationCancelledException {
        Path outDir = outputDir(plan, host, out);
        PackageLayout layout = new LayoutPlanner(catalog).plan(plan, host);
        StageResult result = new Stager().run(new StageRequest(layout, outDir), progress, CancellationToken.none());
        return new Staged(plan, host, result);
    }

    static Path outputDir(ReleasePlan plan, Host host, Path out) throws PackagerException {
        if (out != null) {
            return out;
        }
        if (plan.outputDir() == null) {
            throw new PackagerException("Give --out DIR: the profile names no output folder ('outputDir').");
        }
        return host.resolve(plan.outputDir());
    }

    static void printFindings(PrintWriter err, List<Finding> findings) {
        for (Finding f : findings) {
            if (f.severity() == Severity.INFO) {
                continue;
            }
            err.println(f.severity().name().toLowerCase(Locale.ROOT) + " [" + f.id() + "] " + f.message());
            if (f.fix() != null) {
                err.println("  fix: " + f.fix());
            }
        }
        err.flush();
    }

    static void printSummary(PrintWriter out, StageResult r) {
        out.printf(Locale.ROOT, "%s: %d files, %.1f MB (%d hard-linked, %d copied)%n", r.packageDir(), r.files(),
                r.bytes() / 1e6, r.linked(), r.copied());
        out.flush();
    }

    /** The --json output: the folder as a plain string. */
    record StageJson(String packageDir, int files, long bytes, int linked, int copied, List<Finding> findings) {
        static StageJson of(StageResult r) {
            return of(r, List.of());
        }

        /** With the binaries check's findings after staging's own. */
        static StageJson of(StageResult r, List<Finding> more) {
            List<Finding> all = new java.util.ArrayList<>(r.findings());
            all.addAll(more);
            return new StageJson(r.packageDir().toString(), r.files(), r.bytes(), r.linked(), r.copied(), all);
        }
    }
}
