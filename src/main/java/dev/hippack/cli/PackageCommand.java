package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.archive.ZipArchiver;
import dev.hippack.core.archive.ZipRequest;
import dev.hippack.core.archive.ZipResult;
import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.build.BuildResult;
import dev.hippack.core.io.OutputLock;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.release.PackageResolver;
import dev.hippack.core.release.ResolvedPackage;
import dev.hippack.core.sbom.PackageSbom;
import dev.hippack.core.sign.PackageSigner;
import dev.hippack.core.sign.SigningRequest;
import dev.hippack.core.sign.SigningResult;
import dev.hippack.core.stage.PackageLayout;
import dev.hippack.core.stage.StageResult;
import dev.hippack.core.verify.PackageVerifier;
import dev.hippack.core.verify.VerifyRequest;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
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
            "Verifying is the audit, the binaries against the profile (CMakeCache.txt, build record) and the start "
                + "check (each executable started with --help on Windows). Stops before zipping on an error. Leaves "
                + "DIR/<package>/, DIR/<package>.zip and DIR/SHA256SUMS. Ctrl-C cancels the step that is running."
        },
        footer = {"", "Exit codes: 0 zipped; 1 the build or the audit found errors (no zip written) or a step failed "
            + "(e.g. a full disk); 2 bad input (including an error of the plan rules, before any work); 130 Ctrl-C (no zip left)."})
public final class PackageCommand extends BaseCommand {

    @Mixin
    ProfileOption profile;

    @Option(names = "--skip-build", description = "Package the binaries already in the build folder.")
    boolean skipBuild;

    @Mixin
    OutDirOption out;

    @Mixin
    ForceOption force;

    @Option(names = "--no-start-check", description = "Do not start the staged executables with --help before zipping "
            + "(on Windows; elsewhere the check never runs and follows the DLLs in the folder instead).")
    boolean noStartCheck;

    @Mixin
    SigningOptions signing;

    @Mixin
    JsonOption json;

    /** The --json output. {@code zip} is null when the audit stopped the run. */
    record PackageJson(StageCommand.StageJson stage, AuditReport audit, ZipCommand.ZipJson zip) { }

    @Override
    protected int run() throws PackagerException, OperationCancelledException {
        ReleasePlan profilePlan = loadProfile(profile);
        requireOutputOutsideSample(out.dir);
        // Refused before the build, which may take hours, rather than at the audit after it.
        PlanCommand.requirePlanRules(this, profileFile(profile), List.of(profilePlan), PlanCommand.detectsByDefault(root),
                skipBuild ? "staged or zipped" : "built, staged or zipped");
        // The version and the name it gives, before anything runs: {version} without a version stops here.
        ResolvedPackage resolved = new PackageResolver().resolve(profilePlan, host(), "Profile " + profileFile(profile));
        // The key store opened before the build: a wrong password stops the run before hours of work.
        Optional<SigningRequest> sign = signing.request(root.environment(), SigningOptions.PasswordPrompt.CONSOLE);
        if (sign.isPresent()) {
            new PackageSigner().checkKey(sign.get());
        }
        return cancellableByCtrlC(token -> run(resolved, sign, token));
    }

    private int run(ResolvedPackage resolved, Optional<SigningRequest> sign, CancellationToken token)
            throws PackagerException, OperationCancelledException {
        ReleasePlan plan = resolved.plan();
        ConsoleProgress progress = new ConsoleProgress(err(), json.on);
        // Every refusal before anything is built, staged or replaced: the zip exists (no --force),
        // a link or folder where the zip or SHA256SUMS go, a bad SOURCE_DATE_EPOCH, another run
        // writing to the same folder.
        Path outDir = StageCommand.outputDir(plan, host(), out.dir).toAbsolutePath().normalize();
        ZipRequest request = new ZipRequest(outDir.resolve(plan.archiveName()), outDir.resolve(plan.archiveName() + ".zip"),
                plan.archiveName(), ZipRequest.DEFAULT_LEVEL, Runtime.getRuntime().availableProcessors(),
                ZipRequest.timestampFrom(System.getenv()), force.on);
        ZipArchiver archiver = new ZipArchiver();
        archiver.checkOutput(request);
        try (OutputLock lock = OutputLock.acquire(outDir, "package " + plan.archiveName())) {
            // Again under the lock: the zip may have appeared while another run held the folder.
            archiver.checkOutput(request);
            return build(plan, progress, token)
                    ? stageVerifyZip(resolved, sign, outDir, request, archiver, lock, progress, token)
                    : Cli.FAILED;
        }
    }

    /** False when the build failed or was cancelled (and said so); true when it succeeded or was skipped. */
    private boolean build(ReleasePlan plan, ConsoleProgress progress, CancellationToken token)
            throws PackagerException, OperationCancelledException {
        if (skipBuild) {
            return true;
        }
        PrintWriter stdout = out();
        PrintWriter stderr = err();
        BuildResult build = BuildCommand.build(this, plan, Duration.ZERO, progress, token);
        FindingsText.print(stderr, build.findings(), false);
        if (!build.success()) {
            stderr.println("hip-packager: the build " + (build.cancelled() ? "was cancelled" : "failed")
                    + "; nothing was staged. Log: " + build.logFile());
            stderr.flush();
            return false;
        }
        if (!json.on) {
            stdout.println("build: " + String.join(", ", build.outputs())
                    + (build.standIn() ? " (stand-in build: no compiler here, sample binaries)" : ""));
            stdout.flush();
        }
        return true;
    }

    private int stageVerifyZip(ResolvedPackage resolved, Optional<SigningRequest> sign, Path outDir, ZipRequest request,
                               ZipArchiver archiver, OutputLock lock, ConsoleProgress progress, CancellationToken token)
            throws PackagerException, OperationCancelledException {
        PrintWriter stdout = out();
        PrintWriter stderr = err();
        ReleasePlan plan = resolved.plan();
        PackageLayout layout = StageCommand.layout(this, resolved);
        StageResult stage = StageCommand.stage(this, layout, resolved, outDir, progress, token);
        if (!json.on) {
            FindingsText.print(stderr, stage.findings(), false);
            StageCommand.printSummary(stdout, stage);
        }
        if (sign.isPresent() && !signStaged(sign.get(), plan, layout, stage, progress, token)) {
            return Cli.FAILED;
        }

        // The audit, the binaries against the plan (CMakeCache.txt, build record), the start check.
        AuditReport audit = PackageVerifier.standard(catalog()).run(
                new VerifyRequest(stage.packageDir(), plan, host(), noStartCheck), progress, token);
        if (!json.on) {
            FindingsText.print(stderr, audit.findings(), false);
            stdout.println("audit: " + FindingsText.summary(audit.findings()));
            stdout.flush();
        }
        if (!audit.passed()) {
            if (json.on) {
                printJson(new PackageJson(StageCommand.StageJson.of(stage), audit, null));
            }
            stderr.println("hip-packager: the audit found " + audit.errors() + " error(s) in " + stage.packageDir()
                    + "; no zip was written. Fix them (see above) and run again.");
            stderr.flush();
            return Cli.FAILED;
        }

        ZipResult result = archiver.run(new ZipRequest(stage.packageDir(), request.output(), request.rootFolder(),
                request.level(), request.threads(), request.timestamp(), request.overwrite()), lock, progress, token);
        if (json.on) {
            printJson(new PackageJson(StageCommand.StageJson.of(stage), audit, ZipCommand.ZipJson.of(result)));
        } else {
            ZipCommand.printSummary(stdout, result);
        }
        ZipCommand.copySbom(stdout, result, json.on);
        return Cli.OK;
    }

    /**
     * Signs the staged copy of the executables (never the build output); false when signing failed,
     * which stops the run before the audit and the zip.
     */
    private boolean signStaged(SigningRequest sign, ReleasePlan plan, PackageLayout layout, StageResult stage,
                               ConsoleProgress progress, CancellationToken token) throws OperationCancelledException {
        try {
            SigningResult signed = new PackageSigner().run(sign, stage.packageDir(), PackageSigner.executablesOf(plan),
                    progress, token);
            // Signing changed the executables and the README: the bill of materials lists them again.
            PackageSbom.standard().write(stage.packageDir(), layout.packageName(), layout.sbomFacts());
            if (!json.on) {
                out().println(SigningText.summary(signed, sign));
                out().flush();
            }
            return true;
        } catch (PackagerException e) {
            err().println("hip-packager: " + e.getMessage() + " No zip was written; " + stage.packageDir()
                    + " is left for inspection.");
            err().flush();
            return false;
        }
    }
}
