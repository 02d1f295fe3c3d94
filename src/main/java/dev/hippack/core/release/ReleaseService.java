package dev.hippack.core.release;

import dev.hippack.core.ByteSize;
import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.Sha256;
import dev.hippack.core.archive.Sha256Sums;
import dev.hippack.core.archive.ZipArchiver;
import dev.hippack.core.archive.ZipRequest;
import dev.hippack.core.archive.ZipResult;
import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.audit.AuditRequest;
import dev.hippack.core.audit.PackageAuditor;
import dev.hippack.core.audit.PackageSnapshot;
import dev.hippack.core.audit.PackageSnapshotReader;
import dev.hippack.core.build.BuildResult;
import dev.hippack.core.build.BuildService;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.diff.PackageDiffer;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.host.Host;
import dev.hippack.core.host.OperatingSystem;
import dev.hippack.core.io.AtomicFile;
import dev.hippack.core.io.OutputLock;
import dev.hippack.core.io.SmallFile;
import dev.hippack.core.io.UnsafeTargetException;
import dev.hippack.core.io.WriteChannels;
import dev.hippack.core.plan.PackageName;
import dev.hippack.core.plan.Release;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.sbom.PackageSbom;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import dev.hippack.core.sign.PackageSigner;
import dev.hippack.core.stage.LayoutPlanner;
import dev.hippack.core.stage.PackageLayout;
import dev.hippack.core.stage.StageRequest;
import dev.hippack.core.stage.StageResult;
import dev.hippack.core.stage.Stager;
import dev.hippack.core.verify.PackageVerifier;
import dev.hippack.core.verify.VerifyRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;

/**
 * Cuts a release: each package in turn is built in its own build folder (or its binaries taken
 * as built), staged, verified ({@link PackageVerifier}) and zipped; then one {@code SHA256SUMS}
 * lists every zip and {@code RELEASE-NOTES.md} describes the release for the people who download
 * it, against the previous release when one is given.
 *
 * <p>The shape, for the command line and the wizard alike:
 * <ol>
 *   <li>{@link #prepare}: every refusal before any work (a name that cannot be made, two packages
 *       in one build folder or with one name, outputs that exist without {@code force} or are
 *       links, a previous release that cannot be read or matched);</li>
 *   <li>{@link #run}: under the output folder's {@link OutputLock}, {@link #runPackage} for each
 *       package, then {@link #finish}. A package that fails (its build, staging, its checks, a full
 *       disk) stops nothing else: it gets no zip, the others are zipped, and the notes say which
 *       failed and why. Cancelling stops the release at once.</li>
 * </ol>
 * The wizard may call {@link #runPackage} and {@link #finish} itself, one package after the
 * other, holding the lock it acquired.
 */
public final class ReleaseService {

    /** Makes the builder for a build machine; {@link PackageBuilder#forHost} normally. */
    @FunctionalInterface
    public interface Builders {
        PackageBuilder on(Host host, Duration standInPace);
    }

    private final Catalog catalog;
    private final PackageResolver resolver;
    private final Builders builders;
    private final LayoutPlanner planner;
    private final Stager stager;
    private final PackageVerifier verifier;
    private final PackageAuditor auditor;
    private final ZipArchiver archiver;
    private final PackageSnapshotReader snapshots;
    private final Sha256Sums sums;
    private final ReleaseNotes notes;
    /** Stateless and only used when the request asks for signing, so not one more constructor argument. */
    private final PackageSigner signer = new PackageSigner();

    public ReleaseService(Catalog catalog, PackageResolver resolver, Builders builders, LayoutPlanner planner, Stager stager,
                          PackageVerifier verifier, PackageAuditor auditor, ZipArchiver archiver,
                          PackageSnapshotReader snapshots, Sha256Sums sums, ReleaseNotes notes) {
        this.catalog = catalog;
        this.resolver = resolver;
        this.builders = builders;
        this.planner = planner;
        this.stager = stager;
        this.verifier = verifier;
        this.auditor = auditor;
        this.archiver = archiver;
        this.snapshots = snapshots;
        this.sums = sums;
        this.notes = notes;
    }

    /** The service with the standard collaborators, as the command line and the wizard use it. */
    public static ReleaseService standard(Catalog catalog) {
        return new ReleaseService(catalog, new PackageResolver(), PackageBuilder::forHost, new LayoutPlanner(catalog),
                new Stager(), PackageVerifier.standard(catalog), new PackageAuditor(catalog), new ZipArchiver(),
                new PackageSnapshotReader(catalog), new Sha256Sums(), new ReleaseNotes(catalog));
    }

    /** The whole release: {@link #prepare}, then {@link #run(PreparedRelease, OperationListener, CancellationToken)}. */
    public ReleaseResult run(ReleaseRequest request, OperationListener listener, CancellationToken token)
            throws PackagerException, OperationCancelledException {
        return run(prepare(request, listener, token), listener, token);
    }

    // ---- 1. before any work ------------------------------------------------------------------

    /**
     * Checks and resolves the release before anything is built, staged or written: each package's
     * version and name; no two packages with one name or one build folder (as the build machine
     * resolves it); the outputs ({@code <name>.zip}, {@code SHA256SUMS}, {@code RELEASE-NOTES.md})
     * absent unless {@code force}, and never links; in {@link ReleaseRequest.Mode#FROM_ZIPS} each
     * package's zip present; the previous release read and matched. Writes nothing.
     */
    public PreparedRelease prepare(ReleaseRequest request, OperationListener listener, CancellationToken token)
            throws PackagerException, OperationCancelledException {
        Host host = request.host();
        Path out = request.outputDir().toAbsolutePath().normalize();
        List<ResolvedPackage> packages = new ArrayList<>();
        Map<String, Path> zips = new LinkedHashMap<>();
        List<ReleasePlan> plans = request.release().packages();
        for (int i = 0; i < plans.size(); i++) {
            ReleasePlan plan = plans.get(i);
            String where = request.profileLabel() + (plans.size() == 1 ? "" : ", package " + (i + 1) + " (" + plan.archiveName() + ")");
            if (request.mode() == ReleaseRequest.Mode.FROM_ZIPS) {
                // The zip was made elsewhere: its name says its version, whether or not this machine has the checkout.
                Optional<String> version = resolver.version(plan, host);
                Path zip = findZip(plan, version, out);
                String name = zip.getFileName().toString().substring(0, zip.getFileName().toString().length() - 4);
                packages.add(new ResolvedPackage(plan.withArchiveName(name), plan.archiveName(), version));
                zips.put(name, zip);
            } else {
                packages.add(resolver.resolve(plan, host, where));
            }
        }
        refuseSharedNames(packages);
        if (request.mode() != ReleaseRequest.Mode.FROM_ZIPS) {
            refuseSharedBuildFolders(packages, host);
        }
        checkOutputs(request, out, packages);
        PreviousRelease previous = request.previous().isEmpty() ? PreviousRelease.none()
                : PreviousRelease.read(request.previous(), snapshots, listener, token);
        Map<String, PreviousRelease.Package> matches = previous.match(packages);
        return new PreparedRelease(request, out, packages, zips, previous, matches);
    }

    private static void refuseSharedNames(List<ResolvedPackage> packages) throws PackagerException {
        Map<String, String> seen = new HashMap<>();
        for (ResolvedPackage p : packages) {
            String other = seen.putIfAbsent(p.name().toLowerCase(Locale.ROOT), p.template());
            if (other != null) {
                throw new PackagerException("Two packages of the release are named " + p.name() + " (archiveName '" + other
                        + "' and '" + p.template() + "'): one zip would replace the other. Give each package its own archiveName.");
            }
        }
    }

    /** Two packages building in one folder overwrite each other's CMake cache and binaries. */
    private static void refuseSharedBuildFolders(List<ResolvedPackage> packages, Host host) throws PackagerException {
        Map<String, ResolvedPackage> seen = new HashMap<>();
        for (ResolvedPackage p : packages) {
            String dir = BuildService.buildDirOf(p.plan(), host);
            String key = host.resolve(dir).toAbsolutePath().normalize().toString();
            if (host.os() == OperatingSystem.WINDOWS) {
                key = key.toLowerCase(Locale.ROOT);
            }
            ResolvedPackage other = seen.putIfAbsent(key, p);
            if (other != null) {
                throw new PackagerException(other.name() + " and " + p.name() + " would both build in " + dir
                        + ": the second build would overwrite the first one's CMake cache and binaries. Give each package its"
                        + " own buildDir (the guide builds rocm6 in build\\hip and rocm7 in build\\hip71).");
            }
        }
    }

    /**
     * In FROM_ZIPS: the package's zip in the output folder: the name its version gives when the
     * version is known here, else the one zip whose name its archiveName gives for some version.
     */
    private static Path findZip(ReleasePlan plan, Optional<String> version, Path out) throws PackagerException {
        if (!Files.isDirectory(out)) {
            throw new PackagerException("The folder " + out + " does not exist; it should hold the packages' zips.");
        }
        if (version.isPresent()) {
            Path exact = out.resolve(PackageName.resolve(plan.archiveName(), version, plan.archiveName()) + ".zip");
            if (Files.isRegularFile(exact, LinkOption.NOFOLLOW_LINKS)) {
                return exact;
            }
        }
        List<Path> matching = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(out, "*.{zip,ZIP,Zip}")) {
            for (Path z : dir) {
                String n = z.getFileName().toString();
                if (Files.isRegularFile(z, LinkOption.NOFOLLOW_LINKS) && PackageName.matches(plan.archiveName(), n.substring(0, n.length() - 4))) {
                    matching.add(z);
                }
            }
        } catch (IOException e) {
            throw new PackagerException("Cannot list " + out + ": " + e.getMessage());
        }
        matching.sort(null);
        if (matching.size() != 1) {
            throw new PackagerException(matching.isEmpty()
                    ? "No zip of package " + plan.archiveName() + " in " + out + " (looked for " + plan.archiveName() + ".zip"
                    + (PackageName.usesVersion(plan.archiveName()) ? " with any version" : "") + "). Put each package's zip there first."
                    : "Several zips in " + out + " could be package " + plan.archiveName() + ": " + String.join(", ",
                    matching.stream().map(z -> z.getFileName().toString()).toList()) + ". Leave only this release's zip there.");
        }
        return matching.get(0);
    }

    /**
     * Outputs that exist are refused without {@code force}, all named at once; links and folders at
     * their names always.
     */
    private void checkOutputs(ReleaseRequest request, Path out, List<ResolvedPackage> packages) throws PackagerException {
        List<Path> outputs = new ArrayList<>();
        if (request.mode() != ReleaseRequest.Mode.FROM_ZIPS) {
            packages.forEach(p -> outputs.add(out.resolve(p.zipName())));
        }
        outputs.add(out.resolve(Sha256Sums.FILE_NAME));
        outputs.add(out.resolve(ReleaseNotes.FILE_NAME));
        List<String> existing = outputs.stream().filter(p -> Files.exists(p, LinkOption.NOFOLLOW_LINKS))
                .map(p -> p.getFileName().toString()).toList();
        if (!existing.isEmpty() && !request.force()) {
            throw new PackagerException(String.join(", ", existing) + (existing.size() == 1 ? " already exists" : " already exist")
                    + " in " + out + " (an earlier release?). Nothing was built or written. Pass --force to replace "
                    + (existing.size() == 1 ? "it" : "them") + ", or choose another --out.");
        }
        for (Path p : outputs) {
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                throw new PackagerException(p + " is a folder where the release writes a file. Move it away or choose another --out.");
            }
            try {
                AtomicFile.refuseUnsafeTarget(p);
            } catch (UnsafeTargetException e) {
                throw new PackagerException(p + " " + e.reason() + ". Nothing was written; remove it or choose another --out.");
            } catch (IOException e) {
                throw new OperationFailedException("Cannot write " + p + ": " + e.getMessage()
                        + ". Nothing was written; check that " + out + " is a folder you can write to, or choose another --out.", e);
            }
        }
        if (request.mode() != ReleaseRequest.Mode.FROM_ZIPS) {
            for (ResolvedPackage p : packages) {
                archiver.checkOutput(zipRequest(request, out, p));
            }
        }
    }

    private static ZipRequest zipRequest(ReleaseRequest request, Path out, ResolvedPackage p) {
        return new ZipRequest(out.resolve(p.name()), out.resolve(p.zipName()), p.name(), ZipRequest.DEFAULT_LEVEL,
                Runtime.getRuntime().availableProcessors(), request.zipTimestamp(), request.force());
    }

    // ---- 2. the work ---------------------------------------------------------------------------

    /** Every package, then the checksums and the notes, under the output folder's lock. */
    public ReleaseResult run(PreparedRelease prepared, OperationListener listener, CancellationToken token)
            throws PackagerException, OperationCancelledException {
        String names = String.join(", ", prepared.packages().stream().map(ResolvedPackage::name).toList());
        try {
            Files.createDirectories(prepared.outputDir());
        } catch (IOException e) {
            throw new OperationFailedException("Cannot create the output folder " + prepared.outputDir() + ": " + e.getMessage()
                    + ". Choose another --out.", e);
        }
        try (OutputLock lock = OutputLock.acquire(prepared.outputDir(), "release " + names)) {
            // Again under the lock: another run may have written while we were preparing.
            checkOutputs(prepared.request(), prepared.outputDir(), prepared.packages());
            List<PackageOutcome> outcomes = new ArrayList<>();
            int n = prepared.packages().size();
            for (int i = 0; i < n; i++) {
                ResolvedPackage pkg = prepared.packages().get(i);
                listener.status("Package " + (i + 1) + " of " + n + ": " + pkg.name());
                PackageOutcome outcome = runPackage(prepared, pkg, lock, listener, token);
                if (!outcome.zipped()) {
                    listener.log(LogLine.tool(LogLine.Level.ERROR, pkg.name() + " failed: " + outcome.reason()));
                }
                outcomes.add(outcome);
            }
            return finish(prepared, outcomes, lock, listener, token);
        }
    }

    /**
     * One package of the release: build (unless skipped), stage, verify, zip; or, in
     * {@link ReleaseRequest.Mode#FROM_ZIPS}, the audit of its zip in place. A failure of the
     * package is its outcome, never an exception; only cancelling throws.
     *
     * @param lock the output folder's lock, held by the caller
     */
    public PackageOutcome runPackage(PreparedRelease prepared, ResolvedPackage pkg, OutputLock lock, OperationListener listener,
                                     CancellationToken token) throws OperationCancelledException {
        ReleaseRequest request = prepared.request();
        ReleasePlan plan = pkg.plan();
        Optional<BuildResult> build = Optional.empty();
        Optional<StageResult> stage = Optional.empty();
        List<Finding> findings = new ArrayList<>();
        try {
            if (request.mode() == ReleaseRequest.Mode.FROM_ZIPS) {
                return zipFromElsewhere(prepared, pkg, listener, token);
            }
            if (request.mode() == ReleaseRequest.Mode.BUILD) {
                listener.status("Building " + pkg.name());
                BuildResult b = builders.on(request.host(), request.standInPace()).build(plan, listener, token);
                build = Optional.of(b);
                findings.addAll(b.findings());
                if (b.cancelled()) {
                    throw new OperationCancelledException();
                }
                if (!b.success()) {
                    String why = b.findings().stream().filter(Finding::isError).map(Finding::message).findFirst()
                            .orElse("see its log");
                    return PackageOutcome.failed(pkg, "The build failed: " + why + " (log: " + b.logFile() + ").", build, stage,
                            Optional.empty(), findings);
                }
            }
            PackageLayout layout = planner.plan(plan, request.host(), pkg.version());
            StageResult staged = stager.run(new StageRequest(layout, prepared.outputDir()), listener, token);
            stage = Optional.of(staged);
            findings.addAll(staged.findings());
            if (request.signing().isPresent()) {
                // The staged copy is signed, never the build output; a failure is this package's, before its zip.
                listener.status("Signing " + pkg.name());
                signer.run(request.signing().get(), staged.packageDir(), PackageSigner.executablesOf(plan), listener, token);
                // Signing changed the executables and the README: the bill of materials lists them again.
                PackageSbom.standard().write(staged.packageDir(), layout.packageName(), layout.sbomFacts());
            }
            AuditReport audit = verifier.run(new VerifyRequest(staged.packageDir(), plan, request.host(), request.skipStartCheck()),
                    listener, token);
            if (!audit.passed()) {
                return PackageOutcome.failed(pkg, "The checks of the staged folder found " + audit.errors() + " error"
                        + (audit.errors() == 1 ? "" : "s") + ", so no zip was written: " + firstError(audit) + " The folder "
                        + staged.packageDir() + " is left for inspection.", build, stage, Optional.of(audit), findings);
            }
            ZipResult zip = archiver.run(zipRequest(request, prepared.outputDir(), pkg), lock, listener, token);
            findings.addAll(assetLimit(zip));
            return PackageOutcome.zipped(pkg, build, stage, audit, zip, findings);
        } catch (PackagerException e) {
            // Bad input of this package (an SDK without a DLL the build needs), or a failed write: this package only.
            return PackageOutcome.failed(pkg, e.getMessage(), build, stage, Optional.empty(), findings);
        }
    }

    private PackageOutcome zipFromElsewhere(PreparedRelease prepared, ResolvedPackage pkg, OperationListener listener,
                                           CancellationToken token) throws PackagerException, OperationCancelledException {
        Path zip = prepared.zipOf(pkg);
        listener.status("Auditing " + zip.getFileName());
        AuditReport audit = auditor.run(new AuditRequest(zip, Optional.of(pkg.plan())), listener, token);
        // Without the checkout here, the version is the one the package's README states.
        ResolvedPackage named = pkg.version().isPresent() ? pkg : new ResolvedPackage(pkg.plan(), pkg.template(),
                snapshots.read(zip, false, listener, token).version());
        if (!audit.passed()) {
            return PackageOutcome.failed(named, "The audit of " + zip.getFileName() + " found " + audit.errors() + " error"
                    + (audit.errors() == 1 ? "" : "s") + ": " + firstError(audit), Optional.empty(), Optional.empty(),
                    Optional.of(audit), List.of());
        }
        ZipResult described = describe(zip, prepared.checksums());
        return PackageOutcome.zipped(named, Optional.empty(), Optional.empty(), audit, described, assetLimit(described));
    }

    static final String ASSET_SIZE = "release.asset-size";

    /** A warning when {@code zip} reaches GitHub's per-asset limit; nothing otherwise. */
    static List<Finding> assetLimit(ZipResult zip) {
        if (zip.zipBytes() < Release.GITHUB_ASSET_LIMIT) {
            return List.of();
        }
        return List.of(Finding.warning(ASSET_SIZE, zip.zip().getFileName() + " is " + ByteSize.of(zip.zipBytes())
                + ", at or past GitHub's " + ByteSize.of(Release.GITHUB_ASSET_LIMIT) + " limit per release asset: GitHub refuses it"
                + " (HTTP 422), so it cannot be attached to a GitHub Release.",
                "Leave out targets or rocBLAS's kernels (rocblasKernels 'drop') to make the zip smaller, or publish it elsewhere."));
    }

    /** A zip made elsewhere, described as {@link ZipArchiver} describes the ones it writes. */
    private static ZipResult describe(Path zip, Path checksums) throws PackagerException {
        int files = 0;
        int directories = 0;
        long content = 0;
        try (ZipFile z = ZipFile.builder().setPath(zip).get()) {
            for (ZipArchiveEntry e : Collections.list(z.getEntries())) {
                if (e.isDirectory()) {
                    directories++;
                } else {
                    files++;
                    content += Math.max(0, e.getSize());
                }
            }
            return new ZipResult(zip, checksums, Sha256.of(zip), files, directories, content, Files.size(zip));
        } catch (IOException e) {
            throw new PackagerException("Could not read " + zip + ": " + SmallFile.why(e) + ".");
        }
    }

    private static String firstError(AuditReport audit) {
        return audit.findings().stream().filter(Finding::isError).findFirst()
                .map(f -> f.id() + ": " + f.message()).orElse("");
    }

    // ---- 3. after the packages -----------------------------------------------------------------

    /**
     * Writes the release's {@code SHA256SUMS} (exactly its zips) and {@code RELEASE-NOTES.md}
     * (always, an incomplete release's saying what failed), comparing each zip with the previous
     * package it replaces. With {@code force}, a zip an earlier run left for a package that failed
     * now is removed, so the folder holds one release.
     *
     * @param lock the output folder's lock, held by the caller
     */
    public ReleaseResult finish(PreparedRelease prepared, List<PackageOutcome> outcomes, OutputLock lock,
                                OperationListener listener, CancellationToken token)
            throws PackagerException, OperationCancelledException {
        if (!lock.covers(prepared.notes())) {
            throw new IllegalArgumentException("the lock on " + lock.folder() + " does not cover " + prepared.outputDir());
        }
        Map<String, PackageSnapshot> read = new LinkedHashMap<>();
        Map<String, String> checksums = new LinkedHashMap<>();
        List<ReleaseResult.Comparison> comparisons = new ArrayList<>();
        PackageDiffer differ = new PackageDiffer();
        for (PackageOutcome o : outcomes) {
            if (!o.zipped()) {
                continue;
            }
            ZipResult zip = o.zip().orElseThrow();
            // Written and read back by the archiver (or audited in place): listing it is enough.
            PackageSnapshot snapshot = snapshots.read(zip.zip(), false, listener, token);
            read.put(o.pkg().name(), snapshot);
            checksums.put(zip.zip().getFileName().toString(), zip.sha256());
            // Beside the zip too, as a release asset of its own: read before downloading gigabytes.
            if (PackageSbom.copyBesideZip(zip.zip()).isEmpty()) {
                listener.log(LogLine.tool(LogLine.Level.WARN, zip.zip().getFileName() + " holds no " + PackageSbom.FILE_NAME
                        + ", so the release has no bill of materials for it; stage and zip it again with this HIP Packager."));
            }
            PreviousRelease.Package previous = prepared.matches().get(o.pkg().name());
            if (previous != null) {
                comparisons.add(new ReleaseResult.Comparison(o.pkg().name(), previous.snapshot(),
                        differ.diff(previous.snapshot(), snapshot)));
            }
        }
        List<Path> removed = new ArrayList<>();
        if (prepared.request().force() && prepared.request().mode() != ReleaseRequest.Mode.FROM_ZIPS) {
            for (PackageOutcome o : outcomes) {
                Path stale = prepared.outputDir().resolve(o.pkg().zipName());
                if (!o.zipped() && Files.isRegularFile(stale, LinkOption.NOFOLLOW_LINKS)) {
                    try {
                        Files.delete(stale);
                        removed.add(stale);
                        listener.log(LogLine.tool(LogLine.Level.WARN, "Removed " + stale + ", left by an earlier run: this release has no "
                                + o.pkg().name() + "."));
                    } catch (IOException e) {
                        throw new OperationFailedException("Could not remove " + stale + ", an earlier run's zip of the failed"
                                + " package " + o.pkg().name() + ": " + e.getMessage() + ". Remove it by hand.", e);
                    }
                }
            }
        }
        Optional<Path> sumsFile = Optional.empty();
        if (!checksums.isEmpty()) {
            sumsFile = Optional.of(sums.writeExactly(prepared.outputDir(), checksums));
        } else if (Files.exists(prepared.checksums(), LinkOption.NOFOLLOW_LINKS)) {
            // Only with force (refused otherwise): an earlier release's checksums would name zips this one lacks.
            try {
                Files.delete(prepared.checksums());
            } catch (IOException e) {
                throw new OperationFailedException("Could not remove the earlier " + prepared.checksums() + ": " + e.getMessage(), e);
            }
        }
        List<String> notReleased = prepared.previous().unmatched(prepared.matches());
        String text = notes.write(outcomes, read, comparisons, prepared.previous().given(), notReleased);
        Path notesFile = prepared.notes();
        try {
            AtomicFile.write(notesFile, text.getBytes(StandardCharsets.UTF_8), prepared.request().force(), WriteChannels.DEFAULT);
        } catch (FileAlreadyExistsException e) {
            throw new PackagerException(notesFile + " appeared while the release ran; it was left as it is. Pass --force to replace it.");
        } catch (UnsafeTargetException e) {
            throw new PackagerException(notesFile + " " + e.reason() + ". Remove it or choose another --out.");
        } catch (IOException e) {
            throw new OperationFailedException("Could not write " + notesFile + ": " + e.getMessage()
                    + ". Free space or check that the folder is writable; the zips and SHA256SUMS are complete.", e);
        }
        return new ReleaseResult(outcomes, sumsFile, notesFile, text, comparisons, notReleased, removed);
    }

    /** The catalog the service judges with. */
    public Catalog catalog() {
        return catalog;
    }
}
