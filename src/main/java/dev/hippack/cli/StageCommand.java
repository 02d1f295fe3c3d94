package dev.hippack.cli;

import dev.hippack.core.ByteSize;
import dev.hippack.core.PackagerException;
import dev.hippack.core.build.BuiltBinariesCheck;
import dev.hippack.core.detect.CheckoutInspector;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.host.Host;
import dev.hippack.core.io.OutputLock;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.release.PackageResolver;
import dev.hippack.core.release.ResolvedPackage;
import dev.hippack.core.stage.LayoutPlanner;
import dev.hippack.core.stage.PackageLayout;
import dev.hippack.core.stage.StageRequest;
import dev.hippack.core.stage.StageResult;
import dev.hippack.core.stage.Stager;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code hip-packager stage --profile FILE --out DIR}: the package folder, by hard links or copies. */
@Command(name = "stage",
        description = {
            "Stages the package folder of a release profile.",
            "The folder holds the built executables, the ROCm DLLs they import (followed through the SDK's bin), "
                + "the CRT DLLs, the kernel libraries filtered to the targets, README.md and a sample server.json. "
                + "It is written as DIR/<package>.partial and renamed to DIR/<package> when complete. The binaries "
                + "are checked against the profile first (CMakeCache.txt and HIP Packager's build record)."
        },
        footer = {"", "Exit codes: 0 staged; 1 staged, but the binaries do not match the profile (see the errors); 2 bad input."})
public final class StageCommand extends BaseCommand {

    @Mixin
    ProfileOption profile;

    @Mixin
    OutDirOption out;

    @Mixin
    JsonOption json;

    @Override
    @SuppressWarnings("try") // the output lock is held for the block's length and needs no call
    protected int run() throws PackagerException, OperationCancelledException {
        ReleasePlan profilePlan = loadProfile(profile);
        requireOutputOutsideSample(out.dir);
        ResolvedPackage resolved = new PackageResolver().resolve(profilePlan, host(), "Profile " + profileFile(profile));
        ReleasePlan plan = resolved.plan();
        Path outDir = outputDir(plan, host(), out.dir);
        ConsoleProgress progress = new ConsoleProgress(err(), json.on);
        StageResult result = cancellableByCtrlC(token -> {
            // One writer per output folder: a package or zip run into the same folder is refused, and refuses us.
            try (OutputLock lock = OutputLock.acquire(outDir, "stage " + plan.archiveName())) {
                return stage(this, resolved, outDir, progress, token);
            }
        });
        List<Finding> binaries = new BuiltBinariesCheck(new CheckoutInspector()::revision).check(plan, host());
        if (json.on) {
            printJson(StageJson.of(result, binaries));
        } else {
            FindingsText.print(err(), result.findings(), false);
            FindingsText.print(err(), binaries, false);
            printSummary(out(), result);
        }
        if (binaries.stream().anyMatch(Finding::isError)) {
            err().println("hip-packager: the binaries in the build folder do not match the profile (see above);"
                    + " " + result.packageDir() + " must not be shipped. Rebuild, then stage again.");
            err().flush();
            return Cli.FAILED;
        }
        return Cli.OK;
    }

    /** Stages the package into {@code out} (default: the profile's outputDir); shared with {@code package}. */
    static StageResult stage(BaseCommand command, ResolvedPackage resolved, Path out, ConsoleProgress progress,
                             CancellationToken token) throws PackagerException, OperationCancelledException {
        return stage(command, layout(command, resolved), resolved, out, progress, token);
    }

    /** What the package holds, as {@link #stage} lays it out. */
    static PackageLayout layout(BaseCommand command, ResolvedPackage resolved) throws PackagerException {
        return new LayoutPlanner(command.catalog()).plan(resolved.plan(), command.host(), resolved.version());
    }

    static StageResult stage(BaseCommand command, PackageLayout layout, ResolvedPackage resolved, Path out,
                             ConsoleProgress progress, CancellationToken token) throws PackagerException, OperationCancelledException {
        Path outDir = outputDir(resolved.plan(), command.host(), out);
        return new Stager().run(new StageRequest(layout, outDir), progress, token);
    }

    static Path outputDir(ReleasePlan plan, Host host, Path out) throws PackagerException {
        if (out != null) {
            return out;
        }
        if (plan.outputDir() == null) {
            throw new PackagerException("Give --out DIR: the profile names no output folder ('outputDir').");
        }
        return host.resolveForWriting(plan.outputDir());
    }

    static void printSummary(PrintWriter out, StageResult r) {
        out.printf(Locale.ROOT, "%s: %d files, %s (%d hard-linked, %d copied)%n", r.packageDir(), r.files(),
                ByteSize.of(r.bytes()), r.linked(), r.copied());
        out.flush();
    }

    /** The --json output: the folder as a plain string. */
    record StageJson(String packageDir, int files, long bytes, int linked, int copied, List<Finding> findings) {
        static StageJson of(StageResult r) {
            return of(r, List.of());
        }

        /** With the binaries check's findings after staging's own. */
        static StageJson of(StageResult r, List<Finding> more) {
            List<Finding> all = new ArrayList<>(r.findings());
            all.addAll(more);
            return new StageJson(r.packageDir().toString(), r.files(), r.bytes(), r.linked(), r.copied(), all);
        }
    }
}
