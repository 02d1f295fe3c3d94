package dev.hippack.core.build;

import dev.hippack.core.PackagerException;
import dev.hippack.core.Sha256;
import dev.hippack.core.audit.BuildFlagCheck;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.host.Host;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.plan.SourceRevision;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Whether the binaries in a plan's build folder were built for that plan, before they are
 * packaged. Every path that packages binaries runs it: {@code stage}, {@code package}
 * (with or without {@code --skip-build}), and the wizard's Build step (after its own build as
 * after Back and a change, and for "use existing binaries") and its Review.
 * <ul>
 *   <li>A build that did not finish well (failed, cancelled, killed) left its marker
 *       ({@value BuildRecordStore#UNFINISHED_NAME}, {@link UnfinishedBuild}): the binaries are refused,
 *       {@value #UNFINISHED}, and nothing else is judged, since its configure has rewritten the
 *       cache while the executables may still be an older build's.</li>
 *   <li>The build folder's {@code CMakeCache.txt}, when there is one, is the authority on what CMake
 *       compiled: {@link BuildFlagCheck} compares it with the plan (targets, switches, compilers).</li>
 *   <li>The build record HIP Packager writes beside the binaries ({@link BuildRecordStore}) adds
 *       what the cache does not tell (ROCm version, MSVC toolset, which files were built) and, where
 *       there is no cache, everything else too, compared by {@link BuiltFor#differences}. A difference is an error naming it, with the fix
 *       (rebuild); binaries built for more targets than the plan only warn, since they serve every
 *       planned one.</li>
 *   <li>No record means the binaries were built outside HIP Packager: that is said, as a note when
 *       the cache was checked and as a warning when nothing tells how they were built.</li>
 * </ul>
 */
public final class BuiltBinariesCheck {

    /** The rule id of every finding about the build record. */
    public static final String RECORD = "build.record";

    /** The rule id of the refusal of binaries a failed, cancelled or killed build left. */
    public static final String UNFINISHED = "build.unfinished";

    /** What the CMake cache already checks, so the record does not report it a second time. */
    private static final Set<BuiltFor.Aspect> CACHE_CHECKS = EnumSet.of(BuiltFor.Aspect.SDK,
            BuiltFor.Aspect.TARGETS_MISSING, BuiltFor.Aspect.TARGETS_EXTRA, BuiltFor.Aspect.HIPBLASLT,
            BuiltFor.Aspect.VMM, BuiltFor.Aspect.GRAPHS, BuiltFor.Aspect.NATIVE_CPU, BuiltFor.Aspect.DEPLOYMENT_BUILD);

    /** The rule id of the refusal of binaries built from another audio.cpp than the checkout now holds. */
    public static final String SOURCE = "build.source";

    /** Which audio.cpp a checkout holds now (detection's {@code CheckoutInspector::revision}). */
    @FunctionalInterface
    public interface CheckoutRevisions {
        SourceRevision revision(Host host, String source);
    }

    private final BuildRecordStore records;
    private final BuildFlagCheck flags;
    private final CheckoutRevisions checkouts;

    public BuiltBinariesCheck(BuildRecordStore records, BuildFlagCheck flags, CheckoutRevisions checkouts) {
        this.records = records;
        this.flags = flags;
        this.checkouts = checkouts;
    }

    /** The check as packaging runs it, with {@code checkouts} telling which audio.cpp the checkout holds now. */
    public BuiltBinariesCheck(CheckoutRevisions checkouts) {
        this(new BuildRecordStore(), new BuildFlagCheck(), checkouts);
    }

    /** Without a way to read the checkout: the version the binaries were built from is not compared ({@value #SOURCE}). */
    public BuiltBinariesCheck() {
        this((host, source) -> SourceRevision.UNKNOWN);
    }

    /**
     * The findings for the binaries of {@code plan}'s build folder on {@code host}; empty when the
     * record and the cache both match the plan.
     *
     * @throws PackagerException when the plan names no checkout for a relative build folder
     */
    public List<Finding> check(ReleasePlan plan, Host host) throws PackagerException {
        String buildDir = BuildService.buildDirOf(plan, host);
        Path localBuild = host.resolve(buildDir);
        String binDir = host.join(buildDir, "bin");
        Path localBin = host.resolve(binDir);
        String recordPath = host.join(binDir, BuildRecordStore.FILE_NAME);
        List<Finding> out = new ArrayList<>();

        Optional<Finding> unfinished = unfinished(localBin, binDir, host.join(binDir, BuildRecordStore.UNFINISHED_NAME));
        if (unfinished.isPresent()) {
            return List.of(unfinished.get());
        }

        boolean cache = Files.isRegularFile(localBuild.resolve("CMakeCache.txt"));
        if (cache) {
            try {
                out.addAll(flags.check(localBuild, plan));
            } catch (PackagerException e) {
                out.add(new Finding(BuildService.BUILD_FLAGS, Severity.WARNING, e.getMessage(),
                        "Configure the build again with the build script so it writes a readable CMakeCache.txt.",
                        host.join(buildDir, "CMakeCache.txt")));
                cache = false;
            }
        }

        Optional<BuildRecord> record;
        try {
            record = records.read(localBin);
        } catch (PackagerException e) {
            out.add(new Finding(RECORD, Severity.WARNING, e.getMessage() + " What the binaries were built with is unknown"
                    + (cache ? " beyond their CMakeCache.txt." : "."), "Rebuild with HIP Packager; it writes a new record.", recordPath));
            return out;
        }
        if (record.isEmpty()) {
            String message = binDir + " has no HIP Packager build record (" + BuildRecordStore.FILE_NAME + "): these binaries were"
                    + " built outside HIP Packager" + (cache
                    ? ". Only their CMakeCache.txt tells how, and it was checked against the plan."
                    : ", and the build folder has no CMakeCache.txt, so nothing tells which GPU targets, SDK or switches they have.");
            out.add(new Finding(RECORD, cache ? Severity.INFO : Severity.WARNING, message,
                    "Build them with HIP Packager (hip-packager build, or the wizard's Build step) so the package is checked"
                            + " against what was built.", recordPath));
            return out;
        }
        BuildRecord r = record.get();
        List<BuiltFor.Difference> differences = new ArrayList<>();
        for (BuiltFor.Difference d : r.differences(plan)) {
            if (!cache || !CACHE_CHECKS.contains(d.aspect())) {
                differences.add(d);
            }
        }
        List<String> wrong = differences.stream().filter(d -> !d.harmless()).map(BuiltFor.Difference::describe).toList();
        List<String> harmless = differences.stream().filter(BuiltFor.Difference::harmless).map(BuiltFor.Difference::describe).toList();
        String fix = "Rebuild for this plan (hip-packager build --profile FILE, or Start on the wizard's Build step), "
                + "or package these binaries with the plan they were built for.";
        if (!wrong.isEmpty()) {
            out.add(new Finding(RECORD, Severity.ERROR, "The binaries in " + binDir + " were built for another plan ("
                    + r.builtAt() + "): " + String.join("; ", wrong) + ".", fix, recordPath));
        }
        source(r, plan, host, recordPath).ifPresent(out::add);
        if (!harmless.isEmpty()) {
            out.add(new Finding(RECORD, Severity.WARNING, "The binaries in " + binDir + " were built for more GPUs than this package"
                    + " ships (" + String.join("; ", harmless) + "): they serve every planned target, but carry code nobody uses.",
                    "Rebuild for exactly the plan's targets to make the executables smaller, or keep them.", recordPath));
        }
        for (String binary : plan.binaries()) {
            String exe = binary.toLowerCase(Locale.ROOT).endsWith(".exe") ? binary : binary + ".exe";
            Path file = localBin.resolve(exe);
            if (!Files.isRegularFile(file)) {
                continue; // staging reports a missing executable itself
            }
            Optional<BuildRecord.BuiltBinary> built = r.binaries().stream().filter(b -> b.file().equalsIgnoreCase(exe)).findFirst();
            String where = host.join(binDir, exe);
            if (built.isEmpty()) {
                out.add(new Finding(RECORD, Severity.WARNING, where + " is not one of the binaries the recorded build made ("
                        + r.binaries().stream().map(BuildRecord.BuiltBinary::file).toList() + "), so the record does not describe it.",
                        fix, where));
                continue;
            }
            if (!sameFile(file, built.get())) {
                out.add(new Finding(RECORD, Severity.WARNING, where + " changed after HIP Packager built it (" + r.builtAt()
                        + "): the record no longer describes it" + (cache ? "; its CMakeCache.txt was checked instead." : "."),
                        fix, where));
            }
        }
        return out;
    }

    /**
     * The {@value #SOURCE} error when the record names another audio.cpp than the checkout holds
     * now: the package's name and README take the version from the checkout, so after a git pull
     * a package would be named for the new version and hold the old binaries.
     */
    private Optional<Finding> source(BuildRecord r, ReleasePlan plan, Host host, String recordPath) {
        SourceRevision built = new SourceRevision(r.audiocppVersion(), r.audiocppCommit());
        if (plan.source() == null || (built.version() == null && built.commit() == null)) {
            return Optional.empty();
        }
        SourceRevision now = checkouts.revision(host, plan.source());
        return built.mismatch(now).map(what -> Finding.error(SOURCE, "The binaries were built from audio.cpp " + built.describe()
                + ", but the checkout " + plan.source() + " now holds " + now.describe() + ": the package would be named and"
                + " described as " + (now.version() == null ? "the checkout's version" : now.version()) + " and hold the older binaries.",
                "Rebuild from the checkout as it is (hip-packager build --profile FILE, or Start on the wizard's Build step), or check out "
                        + (built.version() != null ? built.version() : built.commit()) + " again to package these binaries.")
                .withFile(recordPath));
    }

    /**
     * The {@value #UNFINISHED} error when the last build in {@code localBin} did not finish well;
     * empty when it did. {@code binDir} and {@code markerPath} are how the finding names them.
     */
    public Optional<Finding> unfinished(Path localBin, String binDir, String markerPath) {
        String fix = "Rebuild (hip-packager build --profile FILE, or Start on the wizard's Build step): a build that finishes"
                + " writes its record and removes " + BuildRecordStore.UNFINISHED_NAME + ".";
        try {
            return records.unfinished(localBin).map(m -> Finding.error(UNFINISHED, "The last build in " + binDir + " (for "
                    + String.join(", ", m.targets()) + ") " + m.describe() + ". Its configure may have rewritten CMakeCache.txt"
                    + " while the executables are partly or wholly an earlier build's, so they are not packaged.", fix)
                    .withFile(markerPath));
        } catch (PackagerException e) {
            return Optional.of(Finding.error(UNFINISHED, e.getMessage() + " A build may not have finished in " + binDir
                    + ", so its executables are not packaged.", fix).withFile(markerPath));
        }
    }

    /** Same size and time as recorded, or else the same SHA-256: the file the build made. */
    private static boolean sameFile(Path file, BuildRecord.BuiltBinary built) {
        try {
            if (Files.size(file) != built.bytes()) {
                return false;
            }
            return Files.getLastModifiedTime(file).toMillis() == built.lastModified()
                    || Sha256.of(file).equals(built.sha256());
        } catch (IOException e) {
            return false;
        }
    }
}
