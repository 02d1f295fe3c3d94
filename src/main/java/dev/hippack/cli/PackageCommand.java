package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.archive.ZipArchiver;
import dev.hippack.core.archive.ZipRequest;
import dev.hippack.core.archive.ZipResult;
import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.audit.AuditRequest;
import dev.hippack.core.audit.PackageAuditor;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.stage.StageResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
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
            "Builds (unless --skip-build), stages, audits and zips the package of a release profile.",
            "Stops before zipping when the audit finds an error. Leaves DIR/<package>/, DIR/<package>.zip",
            "and DIR/SHA256SUMS."
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

    @Option(names = "--json", description = "Print the stage, audit and zip results as JSON.")
    boolean json;

    /** The --json output. {@code zip} is null when the audit stopped the run. */
    record PackageJson(StageCommand.StageJson stage, AuditReport audit, ZipCommand.ZipJson zip) { }

    @Override
    public Integer call() throws PackagerException, OperationCancelledException {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        if (!skipBuild) {
            // The build service exists in core, but no command wires it for a profile yet; say so
            // instead of packaging whatever happens to be in the build folder.
            throw new PackagerException("The build step is not available in 'package' yet. Build with your usual "
                    + "script, then run 'hip-packager package --skip-build' to package the binaries in the build folder.");
        }
        ConsoleProgress progress = new ConsoleProgress(stderr, json);
        StageCommand.Staged staged = StageCommand.stage(root, profile, out, progress);
        StageResult stage = staged.result();
        if (!json) {
            StageCommand.printFindings(stderr, stage.findings());
            StageCommand.printSummary(stdout, stage);
        }

        AuditReport audit = new PackageAuditor(CatalogLoader.embedded()).run(
                new AuditRequest(stage.packageDir(), Optional.of(staged.plan())), progress, CancellationToken.none());
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
