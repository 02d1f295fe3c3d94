package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.archive.ZipRequest;
import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.ByteSize;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.host.Host;
import dev.hippack.core.plan.BuildFolders;
import dev.hippack.core.plan.Release;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.release.PackageOutcome;
import dev.hippack.core.release.ReleaseRequest;
import dev.hippack.core.release.ReleaseResult;
import dev.hippack.core.release.ReleaseService;
import dev.hippack.core.sign.PackageSigner;
import dev.hippack.core.sign.SigningRequest;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code hip-packager release --profile FILE}: every package of a release profile built, staged,
 * verified and zipped, one after the other, then one SHA256SUMS and RELEASE-NOTES.md.
 */
@Command(name = "release",
        sortOptions = false,
        description = {
            "Cuts every package of a release profile, with one SHA256SUMS for all zips and RELEASE-NOTES.md.",
            "Each package (rocm6 and rocm7, each with its own SDK and build folder) is built (unless --skip-build), "
                + "staged, verified and zipped; the notes say which zip is for which GPU, the sizes, the requirements "
                + "and the changes since --previous. A package that fails gets no zip and stops nothing else; the "
                + "notes say which failed and why. Every refusal (outputs that exist without --force, another run in "
                + "DIR, two packages in one build folder, a {version} that cannot be made) comes before any work. "
                + "Ctrl-C cancels."
        },
        footer = {"", "Exit codes: 0 every package zipped; 1 the release is incomplete (a package failed; see the notes) "
            + "or a step failed (e.g. a full disk); 2 bad input (profile, an error of the plan rules in any package, outputs "
            + "that exist without --force, --previous); 130 Ctrl-C (no notes written)."})
public final class ReleaseCommand extends BaseCommand {

    @Option(names = "--profile", paramLabel = "FILE",
            description = "The release profile (JSON). With --demo it defaults to the sample's profiles/release.json (both tracks).")
    Path profile;

    @Option(names = "--skip-build", description = "Package the binaries already in each package's build folder.")
    boolean skipBuild;

    @Option(names = "--from-zips", description = "Take each package's zip from DIR (made elsewhere, e.g. by CI jobs) and audit it in place "
            + "instead of building; then write SHA256SUMS and RELEASE-NOTES.md for them.")
    boolean fromZips;

    @Option(names = "--no-start-check", description = "Do not start the staged executables with --help before zipping (Windows).")
    boolean noStartCheck;

    @Option(names = "--previous", paramLabel = "DIR_OR_ZIP", split = ",",
            description = "The previous release to compare with: its folder (the zips in it) or its zips; repeat or "
                    + "separate with commas. Read in place, never extracted.")
    List<Path> previous = new ArrayList<>();

    @Mixin
    OutDirOption out;

    @Mixin
    ForceOption force;

    @Mixin
    SigningOptions signing;

    @Mixin
    JsonOption json;

    /** The --json output. */
    record ReleaseJson(boolean complete, String outputDir, String checksums, String notes, List<PackageJson> packages,
                       List<String> notReleased, List<String> removedStale) { }

    record PackageJson(String name, String track, String rocmVersion, String version, String status, String reason,
                       ZipCommand.ZipJson zip, AuditReport audit, List<Finding> findings, String previous, DiffJson sincePrevious) { }

    @Override
    protected int run() throws PackagerException, OperationCancelledException {
        if (skipBuild && fromZips) {
            throw new PackagerException("--skip-build and --from-zips cannot be used together: --from-zips builds nothing.");
        }
        Path file = root.releaseProfileOrDemoDefault(profile);
        Release release = root.profiles().loadRelease(file);
        requireOutputOutsideSample(out.dir);
        if (!fromZips) {
            // Every package judged before the first build: a refused one would otherwise fail only at its audit, hours in.
            PlanCommand.requirePlanRules(this, file, release.packages(), PlanCommand.detectsByDefault(root),
                    skipBuild ? "staged or zipped" : "built, staged or zipped");
        }
        if (fromZips && signing.requested()) {
            throw new PackagerException("--sign-pfx and --sign-keystore cannot be used with --from-zips: the zips are made "
                    + "already. Sign where they are packaged.");
        }
        Optional<SigningRequest> sign = signing.request(root.environment(), SigningOptions.PasswordPrompt.CONSOLE);
        if (sign.isPresent()) {
            // The key store opened before the first build: a wrong password stops the release before hours of work.
            new PackageSigner().checkKey(sign.get());
        }
        Host host = host();
        Path outDir = outputDir(release, host);
        ReleaseRequest request = ReleaseRequest.of(release, "Profile " + file, host, outDir)
                .withMode(fromZips ? ReleaseRequest.Mode.FROM_ZIPS : skipBuild ? ReleaseRequest.Mode.SKIP_BUILD : ReleaseRequest.Mode.BUILD)
                .withSkipStartCheck(noStartCheck)
                .withForce(force.on)
                .withPrevious(previous)
                .withZipTimestamp(ZipRequest.timestampFrom(System.getenv()))
                .withStandInPace(Duration.ZERO)
                .withSigning(sign);
        ConsoleProgress progress = new ConsoleProgress(err(), json.on);
        ReleaseService service = ReleaseService.standard(catalog());
        ReleaseResult result = cancellableByCtrlC(token -> service.run(request, progress, token));
        print(result, outDir);
        return Cli.exitCode(!result.complete());
    }

    /** --out, else the one outputDir every package names. */
    private Path outputDir(Release release, Host host) throws PackagerException {
        if (out.dir != null) {
            return out.dir;
        }
        Set<String> dirs = new LinkedHashSet<>();
        for (ReleasePlan p : release.packages()) {
            if (p.outputDir() == null) {
                throw new PackagerException("Give --out DIR: package " + p.archiveName() + " names no output folder ('outputDir').");
            }
            dirs.add(BuildFolders.key(null, p.outputDir()).orElse(p.outputDir().toLowerCase(Locale.ROOT)));
        }
        if (dirs.size() > 1) {
            throw new PackagerException("Give --out DIR: the packages name different output folders (" + String.join(", ",
                    release.packages().stream().map(ReleasePlan::outputDir).distinct().toList())
                    + "), and a release goes into one folder with one SHA256SUMS.");
        }
        return host.resolveForWriting(release.packages().get(0).outputDir());
    }

    private void print(ReleaseResult r, Path outDir) {
        if (json.on) {
            List<PackageJson> packages = new ArrayList<>();
            for (PackageOutcome o : r.packages()) {
                var comparison = r.comparison(o.pkg().name());
                packages.add(new PackageJson(o.pkg().name(), o.pkg().plan().track(), o.pkg().plan().rocmVersion(),
                        o.pkg().version().orElse(null), o.zipped() ? "zipped" : "failed", o.reason(),
                        o.zip().map(ZipCommand.ZipJson::of).orElse(null), o.audit().orElse(null), o.findings(),
                        comparison.map(c -> c.previous().source()).orElse(null),
                        comparison.map(c -> DiffJson.of(c.diff())).orElse(null)));
            }
            printJson(new ReleaseJson(r.complete(), outDir.toAbsolutePath().normalize().toString(),
                    r.checksums().map(Path::toString).orElse(null), r.notes().toString(), packages, r.notReleased(),
                    r.removedStale().stream().map(Path::toString).toList()));
            return;
        }
        PrintWriter stdout = out();
        PrintWriter stderr = err();
        for (PackageOutcome o : r.packages()) {
            FindingsText.print(stderr, o.findings(), false);
            o.audit().ifPresent(a -> FindingsText.print(stderr, a.findings(), false));
            if (o.zipped()) {
                var zip = o.zip().orElseThrow();
                stdout.println(o.pkg().name() + ": zipped, " + ByteSize.of(zip.contentBytes()) + " in " + ByteSize.of(zip.zipBytes())
                        + " (" + zip.zip() + ")" + r.comparison(o.pkg().name())
                        .map(c -> c.diff().unchanged() ? "; no change since " + c.previous().name() : "; changed since " + c.previous().name())
                        .orElse(""));
            } else {
                stdout.println(o.pkg().name() + ": FAILED: " + o.reason());
            }
        }
        r.checksums().ifPresent(c -> stdout.println("SHA256SUMS: " + c));
        stdout.println("Release notes: " + r.notes());
        stdout.flush();
        if (!r.complete()) {
            long failed = r.packages().stream().filter(o -> !o.zipped()).count();
            stderr.println("hip-packager: the release is incomplete: " + failed + " of " + r.packages().size() + " package"
                    + (r.packages().size() == 1 ? "" : "s") + " failed (see above and " + r.notes() + ").");
            stderr.flush();
        }
    }
}
