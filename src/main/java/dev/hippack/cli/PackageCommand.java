package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.archive.ZipArchiver;
import dev.hippack.core.archive.ZipRequest;
import dev.hippack.core.archive.ZipResult;
import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.build.BuildRequest;
import dev.hippack.core.build.BuildResult;
import dev.hippack.core.build.BuildService;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.detect.CheckoutInspector;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.host.Host;
import dev.hippack.core.plan.BuildScriptFacts;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.stage.StageResult;
import dev.hippack.core.verify.PackageVerifier;
import dev.hippack.core.verify.VerifyRequest;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code hip-packager package --profile FILE [--skip-build] [--out DIR]}: stage, audit (stop on
 * errors), zip. The same services the wizard's last steps call, in the same order.
 */
@Command(name = "package", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Builds (unless --skip-build), stages, verifies and zips the package of a release profile.",
            "Verifying is the audit, the binaries against the profile (CMakeCache.txt, build record) and the",
            "start check (each executable started with --help on Windows). Stops before zipping on an error.",
            "Leaves DIR/<package>/, DIR/<package>.zip and DIR/SHA256SUMS."
        },
        footer = {"", "Exit codes: 0 zipped; 1 the audit found errors (no zip written) or a step failed; 2 bad input."})
public final class PackageCommand implements Callable<Integer> {

    @ParentCommand
    HipPackagerCommand root;

    @Spec
    CommandSpec spec;

    @Option(names = "--profile", paramLabel = "FILE", description = "The release profile (with --demo: the sample's rocm6.json).")
    Path profile;

    @Option(names = "--skip-build", description = "Package the binaries already in the build folder.")
    boolean skipBuild;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the folder and zip go; default: the profile's outputDir.")
    Path out;

    @Option(names = "--force", description = "Replace an existing DIR/<package>.zip.")
    boolean force;

    @Option(names = "--no-start-check", description = {"Do not start the staged executables with --help before zipping",
            "(on Windows; elsewhere the check never runs and follows the DLLs in the folder instead)."})
    boolean noStartCheck;

    @Option(names = "--json", description = "Print the stage, audit and zip results as JSON.")
    boolean json;

    /**
     * Runs the build service as the wizard's build step does: the real script on a local Windows
     * machine, the stand-in build elsewhere (the sample machine, Linux CI).
     */
    private static BuildResult build(ReleasePlan plan, Host host, ConsoleProgress progress)
            throws PackagerException, OperationCancelledException {
        if (plan.source() == null || plan.source().isBlank()) {
            throw new PackagerException("The profile names no audio.cpp checkout ('source'); set it, or pass --skip-build.");
        }
        List<Finding> findings = new ArrayList<>();
        BuildScriptFacts script = new CheckoutInspector().inspect(host, plan.source(), findings).scriptFacts()
                .orElseThrow(() -> new PackagerException(findings.stream().filter(Finding::isError)
                        .map(f -> f.message() + (f.fix() == null ? "" : " " + f.fix())).findFirst()
                        .orElse("The checkout " + plan.source() + " has no " + CheckoutInspector.SCRIPT + ".")));
        BuildService service = BuildService.forHost(host, Duration.ZERO);
        return service.run(new BuildRequest(plan, script), progress, CancellationToken.none());
    }

    /** The --json output. {@code zip} is null when the audit stopped the run. */
    record PackageJson(StageCommand.StageJson stage, AuditReport audit, ZipCommand.ZipJson zip) { }

    @Override
    public Integer call() throws PackagerException, OperationCancelledException {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        Catalog catalog = CatalogLoader.embedded();
        ReleasePlan plan = new ProfileStore(catalog).load(root.profileOrDemoDefault(profile));
        Host host = root.host();
        ConsoleProgress progress = new ConsoleProgress(stderr, json);
        if (!skipBuild) {
            BuildResult build = build(plan, host, progress);
            StageCommand.printFindings(stderr, build.findings());
            if (!build.success()) {
                stderr.println("hip-packager: the build " + (build.cancelled() ? "was cancelled" : "failed")
                        + "; nothing was staged. Log: " + build.logFile());
                stderr.flush();
                return Cli.FAILED;
            }
            if (!json) {
                stdout.println("build: " + String.join(", ", build.outputs())
                        + (build.standIn() ? " (stand-in build: no compiler here, sample binaries)" : ""));
                stdout.flush();
            }
        }
        StageCommand.Staged staged = StageCommand.stage(catalog, plan, host, out, progress);
        StageResult stage = staged.result();
        if (!json) {
            StageCommand.printFindings(stderr, stage.findings());
            StageCommand.printSummary(stdout, stage);
        }

        // The audit, the binaries against the plan (CMakeCache.txt, build record), the start check.
        AuditReport audit = PackageVerifier.standard(catalog).run(
                new VerifyRequest(stage.packageDir(), staged.plan(), host, noStartCheck), progress, CancellationToken.none());
        if (!json) {
            StageCommand.printFindings(stderr, audit.findings());
            stdout.printf(Locale.ROOT, "audit: %d error(s), %d warning(s)%n", audit.errors(), audit.warnings());
            stdout.flush();
        }
        if (!audit.passed()) {
            if (json) {
                JsonOutput.print(stdout, new PackageJson(StageCommand.StageJson.of(stage), audit, null));
            }
            stderr.println("hip-packager: the audit found " + audit.errors() + " error(s) in " + stage.packageDir()
                    + "; no zip was written. Fix them (see above) and run again.");
            stderr.flush();
            return Cli.FAILED;
        }

        Path zip = stage.packageDir().resolveSibling(stage.packageDir().getFileName() + ".zip");
        ZipRequest request = new ZipRequest(stage.packageDir(), zip, stage.packageDir().getFileName().toString(),
                ZipRequest.DEFAULT_LEVEL, Runtime.getRuntime().availableProcessors(),
                ZipRequest.timestampFrom(System.getenv()), force);
        ZipResult result = new ZipArchiver().run(request, progress, CancellationToken.none());
        if (json) {
            JsonOutput.print(stdout, new PackageJson(StageCommand.StageJson.of(stage), audit, ZipCommand.ZipJson.of(result)));
        } else {
            ZipCommand.printSummary(stdout, result);
        }
        return Cli.OK;
    }

}
