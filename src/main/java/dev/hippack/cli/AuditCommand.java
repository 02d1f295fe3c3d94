package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.audit.AuditRequest;
import dev.hippack.core.audit.BuildFlagCheck;
import dev.hippack.core.audit.PackageAuditor;
import dev.hippack.core.build.BuildRecordStore;
import dev.hippack.core.build.BuiltBinariesCheck;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hip-packager audit DIR|FILE.zip [--profile FILE] [--json]}: every package check (docs/design.md §5) on a package. */
@Command(name = "audit",
        description = {
            "Runs every check of the guide on a staged package folder or a finished zip.",
            "A zip is read in place, never extracted. The checks: the layout, the import closure of the executables, "
                + "OpenMP, one ROCm generation, system and CRT DLLs, the kernel libraries per target architecture, "
                + "and the README."
        },
        footer = {"", "Exit codes: 0 no errors (warnings allowed); 1 the package has errors; 2 bad input (missing file, not a zip)."})
public final class AuditCommand extends BaseCommand {

    @Parameters(index = "0", paramLabel = "DIR|FILE.zip", description = "The staged package folder or the zip.")
    Path input;

    @Option(names = "--profile", paramLabel = "FILE",
            description = "The release profile the package was made from: its targets, ROCm version and options decide "
                    + "what the package needs. Without it the targets come from the package's README, else its kernel files.")
    Path profile;

    @Option(names = "--package", paramLabel = "NAME",
            description = "With a profile of several packages (a release): the one the package was made from, by archiveName or track.")
    String packageName;

    @Option(names = "--build-dir", paramLabel = "DIR",
            description = "Also check the build folder's CMakeCache.txt against the profile (rules build.*), and that its last build "
                    + "finished (build.unfinished); needs a profile.")
    Path buildDir;

    @Mixin
    JsonOption json;

    @Override
    protected int run() throws PackagerException, OperationCancelledException {
        Optional<ReleasePlan> plan = Optional.empty();
        if (profile != null || root.demo()) {
            plan = Optional.of(root.profiles().load(root.profileOrDemoDefault(profile), packageName));
        }
        if (buildDir != null && plan.isEmpty()) {
            throw new PackagerException("--build-dir needs --profile FILE: the build flags are checked against a release profile.");
        }
        OperationListener listener = json.on ? OperationListener.NONE : new ConsoleProgress(err(), false);
        AuditRequest request = new AuditRequest(input, plan);
        AuditReport report = cancellableByCtrlC(token -> new PackageAuditor(catalog()).run(request, listener, token));
        if (buildDir != null) {
            // A build that did not finish rewrote the cache it is checked with: say so first.
            Path bin = buildDir.resolve("bin");
            Optional<Finding> unfinished = new BuiltBinariesCheck().unfinished(bin, bin.toString(),
                    bin.resolve(BuildRecordStore.UNFINISHED_NAME).toString());
            report = report.plus(unfinished.map(List::of).orElse(List.of()))
                    .plus(new BuildFlagCheck().check(buildDir, plan.get()));
        }
        if (json.on) {
            printJson(report);
        } else {
            print(out(), report);
        }
        return Cli.exitCode(!report.passed());
    }

    private static void print(PrintWriter out, AuditReport r) {
        out.println("Audit of " + r.target());
        out.println("Targets (from " + r.architecturesFrom() + "): "
                + (r.architectures().isEmpty() ? "none found" : String.join(", ", r.architectures())));
        out.println();
        FindingsText.print(out, r.findings());
        if (!r.findings().isEmpty()) {
            out.println();
        }
        out.println(FindingsText.summary(r.findings()) + (r.passed() ? " The package passes." : " The package must not ship."));
        out.flush();
    }
}
