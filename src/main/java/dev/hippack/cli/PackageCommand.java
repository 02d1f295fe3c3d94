package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.archive.ZipArchiver;
import dev.hippack.core.archive.ZipRequest;
import dev.hippack.core.archive.ZipResult;
import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.build.BuildResult;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.stage.StageResult;
import dev.hippack.core.verify.PackageVerifier;
import dev.hippack.core.verify.VerifyRequest;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code hip-packager package --profile FILE [--skip-build] [--out DIR]}: build, stage, audit
 * (stop on errors), zip. The same services the wizard's steps call, in the same order.
 */
@Command(name = "package",
        description = {
            "Builds (unless --skip-build), stages, verifies and zips the package of a release profile.",
            "Verifying is the audit, the binaries against the profile (CMakeCache.txt, build record) and the",
            "start check (each executable started with --help on Windows). Stops before zipping on an error.",
            "Leaves DIR/<package>/, DIR/<package>.zip and DIR/SHA256SUMS. Ctrl-C cancels the step that is running."
        },
        footer = {"", "Exit codes: 0 zipped; 1 the build or the audit found errors (no zip written) or a step failed",
            "(e.g. a full disk); 2 bad input."})
public final class PackageCommand extends BaseCommand {

    @Mixin
    ProfileOption profile;

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

    /** The --json output. {@code zip} is null when the audit stopped the run. */
    record PackageJson(StageCommand.StageJson stage, AuditReport audit, ZipCommand.ZipJson zip) { }

    @Override
    protected int run() throws PackagerException, OperationCancelledException {
        ReleasePlan plan = loadProfile(profile);
        return cancellableByCtrlC(token -> run(plan, token));
    }

    private int run(ReleasePlan plan, CancellationToken token) throws PackagerException, OperationCancelledException {
        PrintWriter stdout = out();
        PrintWriter stderr = err();
        ConsoleProgress progress = new ConsoleProgress(stderr, json);
        if (!skipBuild) {
            BuildResult build = BuildCommand.build(this, plan, Duration.ZERO, progress, token);
            FindingsText.print(stderr, build.findings(), false);
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
        StageResult stage = StageCommand.stage(this, plan, out, progress, token);
        if (!json) {
            FindingsText.print(stderr, stage.findings(), false);
            StageCommand.printSummary(stdout, stage);
        }

        // The audit, the binaries against the plan (CMakeCache.txt, build record), the start check.
        AuditReport audit = PackageVerifier.standard(catalog()).run(
                new VerifyRequest(stage.packageDir(), plan, host(), noStartCheck), progress, token);
        if (!json) {
            FindingsText.print(stderr, audit.findings(), false);
            stdout.println("audit: " + FindingsText.summary(audit.findings()));
            stdout.flush();
        }
        if (!audit.passed()) {
            if (json) {
                printJson(new PackageJson(StageCommand.StageJson.of(stage), audit, null));
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
        ZipResult result = new ZipArchiver().run(request, progress, token);
        if (json) {
            printJson(new PackageJson(StageCommand.StageJson.of(stage), audit, ZipCommand.ZipJson.of(result)));
        } else {
            ZipCommand.printSummary(stdout, result);
        }
        return Cli.OK;
    }
}
