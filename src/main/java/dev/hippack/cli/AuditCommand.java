package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.audit.AuditRequest;
import dev.hippack.core.audit.BuildFlagCheck;
import dev.hippack.core.audit.PackageAuditor;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code hip-packager audit DIR|FILE.zip [--profile FILE] [--json]}: every check of the guide on a package. */
@Command(name = "audit", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Runs every check of the guide on a staged package folder or a finished zip (read in place, never extracted):",
            "layout, the import closure of the executables, OpenMP, one ROCm generation, system and CRT DLLs,",
            "the kernel libraries per target architecture, and the README."
        },
        footer = {"", "Exit codes: 0 no errors (warnings allowed); 1 the package has errors; 2 bad input (missing file, not a zip)."})
public final class AuditCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @ParentCommand
    HipPackagerCommand root;

    @Parameters(index = "0", paramLabel = "DIR|FILE.zip", description = "The staged package folder or the zip.")
    Path input;

    @Option(names = "--profile", paramLabel = "FILE",
            description = "The release profile the package was made from: its targets, ROCm version and options decide "
                    + "what the package needs. Without it the targets come from the package's README, else its kernel files.")
    Path profile;

    @Option(names = "--build-dir", paramLabel = "DIR",
            description = "Also check the build folder's CMakeCache.txt against the profile (rules build.*); needs a profile.")
    Path buildDir;

    @Option(names = "--json", description = "Print the report as JSON.")
    boolean json;

    @Override
    public Integer call() throws PackagerException, OperationCancelledException {
        Catalog catalog = CatalogLoader.embedded();
        Optional<ReleasePlan> plan = Optional.empty();
        if (profile != null || root.demo()) {
            plan = Optional.of(new ProfileStore(catalog).load(root.profileOrDemoDefault(profile)));
        }
        PrintWriter out = spec.commandLine().getOut();
        OperationListener listener = json ? OperationListener.NONE : new ConsoleProgress(spec.commandLine().getErr(), false);
        if (buildDir != null && plan.isEmpty()) {
            throw new PackagerException("--build-dir needs --profile FILE: the build flags are checked against a release profile.");
        }
        AuditReport report = new PackageAuditor(catalog).run(new AuditRequest(input, plan), listener, CancellationToken.none());
        if (buildDir != null) {
            report = report.plus(new BuildFlagCheck().check(buildDir, plan.get()));
        }
        if (json) {
            JsonOutput.print(out, report);
        } else {
            print(out, report);
        }
        return report.passed() ? Cli.OK : Cli.FAILED;
    }

    private static void print(PrintWriter out, AuditReport r) {
        out.println("Audit of " + r.target());
        out.println("Targets (from " + r.architecturesFrom() + "): "
                + (r.architectures().isEmpty() ? "none found" : String.join(", ", r.architectures())));
        out.println();
        for (Finding f : r.findings()) {
            out.printf(Locale.ROOT, "%-7s %-18s %s%n", f.severity().json().toUpperCase(Locale.ROOT), f.id(),
                    f.file() == null ? "" : f.file());
            out.println("        " + f.message());
            if (f.fix() != null) {
                out.println("        Fix: " + f.fix());
            }
        }
        if (!r.findings().isEmpty()) {
            out.println();
        }
        out.printf(Locale.ROOT, "%d error(s), %d warning(s): %s%n", r.errors(), r.warnings(),
                r.passed() ? "the package passes" : "the package must not ship");
        out.flush();
    }
}
