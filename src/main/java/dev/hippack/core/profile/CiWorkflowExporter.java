package dev.hippack.core.profile;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.Track;
import dev.hippack.core.io.AtomicFile;
import dev.hippack.core.io.UnsafeTargetException;
import dev.hippack.core.io.WriteChannels;
import dev.hippack.core.plan.PackageName;
import dev.hippack.core.plan.Release;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.CiWorkflowOptions.PackagerSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Turns a release into a GitHub Actions workflow that cuts it on GitHub-hosted runners with HIP
 * Packager's own engine, headless, and publishes it on a tag:
 * <ol>
 *   <li>{@code package}, one matrix job per package: installs (or restores from the cache) that
 *       package's HIP SDK, checks the MSVC 14.44 toolset, writes the release profile with the
 *       runner's paths, runs {@code hip-packager package --package NAME} (build, stage, the same
 *       checks, zip) and uploads the zip;</li>
 *   <li>{@code release}: collects the zips and runs {@code hip-packager release --from-zips}, which
 *       audits each in place again and writes one {@code SHA256SUMS} and {@code RELEASE-NOTES.md},
 *       against the previous GitHub Release's zips when there is one;</li>
 *   <li>{@code attest}, on a tag only, the one job allowed an OIDC token: GitHub's build provenance
 *       attestation ({@code actions/attest-build-provenance}) of every zip, {@code SHA256SUMS} and
 *       every package's SBOM;</li>
 *   <li>{@code publish}, on a tag only, the one job allowed to write: checks the checksums and
 *       publishes the GitHub Release once, with every asset, with GitHub's CLI and the repository's
 *       token: created as a draft with the notes as its text, the zips, {@code SHA256SUMS} and the
 *       SBOMs uploaded, then published (an immutable release refuses assets added later).</li>
 * </ol>
 * The runners get HIP Packager from a released bundle (its SHA-256 checked before use) or build
 * it from a repository and ref; with neither named the export is refused, since a workflow that
 * fetches a placeholder cannot run.
 *
 * <p>The workflow text is a hand-written template ({@code /dev/hippack/workflow/}) rather than the
 * output of a YAML library so that it can carry the comments a maintainer needs to review it; the
 * test suite parses it and lints it to prove it is a valid workflow.
 * The profile inside it is produced by {@link ProfileStore}, so it is exactly what the runner loads.
 */
public final class CiWorkflowExporter {

    /** Placeholder for the audio.cpp checkout on the runner; the workflow substitutes it. */
    public static final String SOURCE = "@@source@@";
    /** Placeholder for the Visual Studio installation the workflow finds with vswhere. */
    public static final String VS_INSTANCE = "@@vsInstance@@";
    /** Placeholder for the folder the workflow uploads the zip and SHA256SUMS from. */
    public static final String OUTPUT_DIR = "@@outputDir@@";

    /** The runner image: Visual Studio 2022 with the MSVC 14.44 toolset. */
    public static final String RUNNER = "windows-2022";
    /** The publishing job needs only gh and sha256sum, which this image has. */
    public static final String PUBLISH_RUNNER = "ubuntu-24.04";
    /** Where AMD publishes the HIP SDK installers named by the catalog's tracks. */
    public static final String SDK_DOWNLOAD_BASE = "https://download.amd.com/developer/eula/rocm-hub/";
    /** The runner folder, relative to the workspace, that receives the zips, SHA256SUMS and the notes. */
    public static final String OUTPUT_FOLDER = "release";
    /** The runner folder the previous GitHub Release's zips are downloaded to. */
    public static final String PREVIOUS_FOLDER = "previous";
    /** The artifact of one package's zip is named this, then the matrix id. */
    public static final String PACKAGE_ARTIFACT = "package-";
    /** The artifact of the whole release: zips, SHA256SUMS, RELEASE-NOTES.md. */
    public static final String RELEASE_ARTIFACT = "release";

    /** A third-party action pinned to a commit, with the release that commit is. */
    public record PinnedAction(String name, String commit, String release) {
        String uses() {
            return name + "@" + commit + " # " + release;
        }
    }

    // Releases that run on Node 24: GitHub retired the Node 20 runtime of the earlier ones. Each
    // commit was read from the action's repository at that tag; each action.yml says "using: node24".
    public static final PinnedAction CHECKOUT = new PinnedAction("actions/checkout", "3d3c42e5aac5ba805825da76410c181273ba90b1", "v7.0.1");
    public static final PinnedAction SETUP_JAVA = new PinnedAction("actions/setup-java", "b6effb05e454b25005698d916606bdc6ffcbf961", "v5.7.0");
    public static final PinnedAction CACHE = new PinnedAction("actions/cache", "27d5ce7f107fe9357f9df03efb73ab90386fccae", "v5.0.5");
    public static final PinnedAction CCACHE = new PinnedAction("hendrikmuhs/ccache-action", "d62db5f07c26379fc4b4e0916f098a92573c3b03", "v1.2.23");
    public static final PinnedAction UPLOAD_ARTIFACT = new PinnedAction("actions/upload-artifact", "bbbca2ddaa5d8feaa63e36b76fdaad77386f024f", "v7.0.0");
    public static final PinnedAction DOWNLOAD_ARTIFACT = new PinnedAction("actions/download-artifact", "3e5f45b2cfb9172054b4087a40e8e0b5a5461e7c", "v8.0.1");
    // A composite action around actions/attest v4.1.0 (59d89421af93a897026c735860bf21b6eb4f7b26, node24).
    public static final PinnedAction ATTEST_BUILD_PROVENANCE = new PinnedAction("actions/attest-build-provenance",
            "a2bbfa25375fe432b6a289bc6b6cd05ecd0c4c32", "v4.1.0");

    /** Where the workflow's YAML templates are kept among the resources. */
    private static final String TEMPLATES = "/dev/hippack/workflow/";

    /** Names that go into YAML, expressions and file paths unquoted must be this plain. */
    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    private final Catalog catalog;
    private final ProfileStore profiles;

    public CiWorkflowExporter(Catalog catalog, ProfileStore profiles) {
        this.catalog = catalog;
        this.profiles = profiles;
    }

    /**
     * The workflow for a profile of one package: its own track, or one package per track of
     * {@link CiWorkflowOptions#tracks()} (a target a track lacks is left out, with a note).
     */
    public CiWorkflow export(ReleasePlan profile, CiWorkflowOptions options) throws PackagerException {
        PackagerSource packager = packager(options);
        List<String> notes = new ArrayList<>();
        List<RunnerRelease> releases = new ArrayList<>();
        for (Track track : tracks(profile, options)) {
            releases.add(new RunnerRelease(track, runnerPlan(profile, track, notes)));
        }
        return new CiWorkflow(render(releases, packager, options), releases, notes);
    }

    /**
     * The workflow for a release: one package per package of the release, each on its own track's
     * runner SDK, with its own build folder and name. A release of one package is exported as
     * {@link #export(ReleasePlan, CiWorkflowOptions)} does.
     */
    public CiWorkflow export(Release release, CiWorkflowOptions options) throws PackagerException {
        if (release.single()) {
            return export(release.packages().get(0), options);
        }
        PackagerSource packager = packager(options);
        if (!options.tracks().isEmpty()) {
            throw new PackagerException("The profile " + options.profileLabel() + " is a release of " + release.packages().size()
                    + " packages (" + release.describe() + "); --tracks is for a profile of one package. Leave it out: the"
                    + " workflow cuts the release's own packages.");
        }
        List<String> notes = new ArrayList<>();
        List<RunnerRelease> releases = new ArrayList<>();
        for (ReleasePlan p : release.packages()) {
            Track track = catalog.track(p.track()).orElseThrow(() -> new PackagerException("Package " + p.archiveName() + " of "
                    + options.profileLabel() + " uses the track '" + p.track() + "', which has no HIP SDK installer in the"
                    + " catalog. Give it one of the tracks " + catalog.knownTrackIds() + "."));
            requirePlain(track.id(), "track id");
            requirePlain(track.sdkInstaller(), "HIP SDK installer of track " + track.id());
            requirePlain(PackageName.withSampleVersion(p.archiveName()), "archive name of package " + p.archiveName());
            if (!p.rocmVersion().equals(track.rocmVersion())) {
                notes.add(p.archiveName() + ": builds with ROCm " + track.rocmVersion() + " on the runner (the profile says "
                        + p.rocmVersion() + ").");
            }
            releases.add(new RunnerRelease(track, p.withRocmVersion(track.rocmVersion())
                    .withSdk(track.defaultSdkPath())
                    .withSource(SOURCE)
                    .withVsInstance(VS_INSTANCE)
                    .withOutputDir(OUTPUT_DIR)));
        }
        return new CiWorkflow(render(releases, packager, options), releases, notes);
    }

    /** The HIP Packager source, or the refusal that says which options name one. */
    private static PackagerSource packager(CiWorkflowOptions options) throws PackagerException {
        if (options.packager() == null) {
            throw new PackagerException("The workflow must get HIP Packager from somewhere it can run: pass --packager-bundle URL"
                    + " --packager-sha256 HEX (a released hip-packager-windows-x64.zip; the runner checks its SHA-256 before"
                    + " using it), or --packager-repo OWNER/NAME --packager-ref REF (the runner builds it from that"
                    + " repository at that tag, branch or commit).");
        }
        return options.packager();
    }

    /**
     * Writes {@code workflow} to {@code out} under a temporary name and renames it. An existing
     * file is replaced only with {@code force}; without it the file is left untouched.
     */
    public void write(CiWorkflow workflow, Path out, boolean force) throws PackagerException {
        Path target = out.toAbsolutePath();
        if (Files.isDirectory(target)) {
            throw new PackagerException("Cannot write the workflow to " + out + ": it is a folder. Name a file such as "
                    + out.resolve("release-hip.yml") + ".");
        }
        if (Files.exists(target) && !force) {
            throw new PackagerException(out + " already exists. Pass --force to replace it, or choose another --out.");
        }
        Path dir = target.getParent();
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            // Apart from the write below: a file in the folder's place is not the workflow "appearing".
            throw new OperationFailedException("Cannot write the workflow to " + out + ": its folder " + dir
                    + (Files.exists(dir) ? " is a file" : " cannot be created (" + e.getMessage() + ")")
                    + ". Choose another --out.", e);
        }
        try {
            AtomicFile.write(target, workflow.yaml().getBytes(StandardCharsets.UTF_8), force, WriteChannels.DEFAULT);
        } catch (FileAlreadyExistsException e) {
            throw new PackagerException(out + " appeared while the workflow was being written; it was left as it is."
                    + " Pass --force to replace it.");
        } catch (UnsafeTargetException e) {
            throw new PackagerException("Cannot write the workflow to " + out + ": it " + e.reason()
                    + ". Choose another --out.");
        } catch (IOException e) {
            throw new OperationFailedException("Cannot write the workflow to " + out + ": " + e.getMessage()
                    + ". Check that the folder is writable, or choose another --out.");
        }
    }

    private List<Track> tracks(ReleasePlan profile, CiWorkflowOptions options) throws PackagerException {
        List<String> ids = options.tracks();
        if (ids.isEmpty()) {
            if (catalog.track(profile.track()).isEmpty()) {
                throw new PackagerException("Profile " + options.profileLabel() + " uses the track '" + profile.track()
                        + "', which has no HIP SDK installer in the catalog. Name the tracks to release with --tracks "
                        + catalog.knownTrackIds().replace(", ", ",") + ".");
            }
            ids = List.of(profile.track());
        }
        List<Track> tracks = new ArrayList<>();
        for (String id : new LinkedHashSet<>(ids)) {
            Track track = catalog.track(id).orElseThrow(() -> new PackagerException(
                    "Unknown track '" + id + "' in --tracks. Known tracks: " + catalog.knownTrackIds() + "."));
            requirePlain(track.id(), "track id");
            requirePlain(track.sdkInstaller(), "HIP SDK installer of track " + track.id());
            tracks.add(track);
        }
        return tracks;
    }

    /**
     * The profile as the runner packages it for {@code track}: the track's SDK, version and build
     * folder, the profile's own targets (those the track lacks are dropped, with a note), options,
     * kernel policy and binaries; runner paths as placeholders.
     */
    private ReleasePlan runnerPlan(ReleasePlan profile, Track track, List<String> notes) throws PackagerException {
        boolean ownTrack = track.id().equals(profile.track());
        List<String> targets = profile.targets();
        String archiveName = profile.archiveName();
        if (!ownTrack) {
            List<String> dropped = targets.stream().filter(t -> !track.targets().contains(t)).toList();
            targets = targets.stream().filter(track.targets()::contains).toList();
            if (targets.isEmpty()) {
                throw new PackagerException("None of the targets of " + profile.track() + " profile " + profile.targets()
                        + " is a target of track " + track.id() + " " + track.targets()
                        + ". Export that track from a profile of its own.");
            }
            if (!dropped.isEmpty()) {
                notes.add(track.id() + ": left out " + String.join(", ", dropped)
                        + ", which the track does not ship (its targets: " + String.join(", ", track.targets()) + ").");
            }
            archiveName = track.packageName() + (PackageName.usesVersion(profile.archiveName()) ? "-" + PackageName.VERSION : "");
        }
        requirePlain(PackageName.withSampleVersion(archiveName), "archive name of track " + track.id());
        if (ownTrack && !profile.buildDir().equals(track.buildDir())) {
            notes.add(track.id() + ": builds in " + track.buildDir() + " on the runner (the profile says "
                    + profile.buildDir() + ").");
        }
        return profile.withTrack(track.id())
                .withRocmVersion(track.rocmVersion())
                .withSdk(track.defaultSdkPath())
                .withTargets(targets)
                .withBuildDir(track.buildDir())
                .withArchiveName(archiveName)
                .withSource(SOURCE)
                .withVsInstance(VS_INSTANCE)
                .withOutputDir(OUTPUT_DIR);
    }

    private static void requirePlain(String value, String what) throws PackagerException {
        if (!PLAIN_NAME.matcher(value).matches()) {
            throw new PackagerException("The " + what + " '" + value + "' cannot go into a workflow: use letters, digits,"
                    + " '.', '_' and '-' only.");
        }
    }

    /** The matrix id of each package: its track when the tracks are all different, else pkg1, pkg2, ... */
    private static List<String> ids(List<RunnerRelease> releases) {
        boolean unique = releases.stream().map(r -> r.track().id()).distinct().count() == releases.size();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < releases.size(); i++) {
            ids.add(unique ? releases.get(i).track().id() : "pkg" + (i + 1));
        }
        return ids;
    }

    private String render(List<RunnerRelease> releases, PackagerSource packager, CiWorkflowOptions options)
            throws PackagerException {
        List<String> ids = ids(releases);
        StringBuilder matrix = new StringBuilder();
        for (int i = 0; i < releases.size(); i++) {
            RunnerRelease r = releases.get(i);
            matrix.append("          - id: ").append(quote(ids.get(i))).append('\n')
                    .append("            track: ").append(quote(r.track().id())).append('\n')
                    .append("            rocm-version: ").append(quote(r.track().rocmVersion())).append('\n')
                    .append("            sdk-installer: ").append(quote(r.track().sdkInstaller())).append('\n')
                    .append("            package: ").append(quote(r.plan().archiveName())).append('\n');
        }
        String audiocppCheckout = options.audiocppRepository() == null ? ""
                : "          repository: " + quote(options.audiocppRepository()) + "\n";
        String label = options.profileLabel().replaceAll("[\\r\\n]", " ");
        String packages = String.join(", ", releases.stream().map(r -> r.plan().archiveName()).toList());
        String packagerEnv;
        String packagerSteps;
        String packagerHeader;
        if (packager instanceof CiWorkflowOptions.FromBundle bundle) {
            packagerHeader = "# HIP Packager comes from the released bundle below, used only if its SHA-256 matches.";
            packagerEnv = "  # The released HIP Packager bundle and its SHA-256; the runner refuses a download that differs.\n"
                    + "  HIP_PACKAGER_BUNDLE: " + quote(bundle.url()) + "\n"
                    + "  HIP_PACKAGER_SHA256: " + quote(bundle.sha256()) + "\n";
            packagerSteps = template("packager-from-bundle.yml");
        } else {
            CiWorkflowOptions.FromRepository repo = (CiWorkflowOptions.FromRepository) packager;
            packagerHeader = "# HIP Packager is built on the runner from the repository and ref below.";
            packagerEnv = "  # HIP Packager is built from its sources at this ref, so the engine is code you can read.\n"
                    + "  HIP_PACKAGER_REPOSITORY: " + quote(repo.repository()) + "\n"
                    + "  HIP_PACKAGER_REF: " + quote(repo.ref()) + "\n";
            packagerSteps = template("packager-from-source.yml").replace("{{CHECKOUT}}", CHECKOUT.uses()).replace("{{SETUP_JAVA}}", SETUP_JAVA.uses());
        }
        return template("release-workflow.yml")
                .replace("{{PROFILE}}", label)
                .replace("{{PACKAGES}}", packages)
                .replace("{{PACKAGER_HEADER}}", packagerHeader)
                .replace("{{PACKAGER_ENV}}", packagerEnv)
                .replace("{{GET_PACKAGER}}", packagerSteps)
                .replace("{{RUNNER}}", RUNNER)
                .replace("{{PUBLISH_RUNNER}}", PUBLISH_RUNNER)
                .replace("{{MATRIX}}", matrix.toString())
                .replace("{{AUDIOCPP_REPOSITORY}}", audiocppCheckout)
                .replace("{{PROFILE_STEP}}", profileStep(releases, label))
                .replace("{{SDK_DOWNLOAD_BASE}}", SDK_DOWNLOAD_BASE)
                .replace("{{OUTPUT_FOLDER}}", OUTPUT_FOLDER)
                .replace("{{PREVIOUS_FOLDER}}", PREVIOUS_FOLDER)
                .replace("{{PACKAGE_ARTIFACT}}", PACKAGE_ARTIFACT)
                .replace("{{RELEASE_ARTIFACT}}", RELEASE_ARTIFACT)
                .replace("{{ASSET_LIMIT}}", Long.toString(Release.GITHUB_ASSET_LIMIT))
                .replace("{{CHECKOUT}}", CHECKOUT.uses())
                .replace("{{CACHE}}", CACHE.uses())
                .replace("{{CCACHE}}", CCACHE.uses())
                .replace("{{UPLOAD_ARTIFACT}}", UPLOAD_ARTIFACT.uses())
                .replace("{{DOWNLOAD_ARTIFACT}}", DOWNLOAD_ARTIFACT.uses())
                .replace("{{ATTEST_BUILD_PROVENANCE}}", ATTEST_BUILD_PROVENANCE.uses());
    }

    /** The step that writes the release profile, the runner paths filled in by GitHub expressions. */
    private String profileStep(List<RunnerRelease> releases, String label) throws PackagerException {
        Release release = new Release(releases.stream().map(RunnerRelease::plan).toList());
        String plain = profiles.toJson(release).replace("\r\n", "\n").strip();
        if (plain.contains("${{")) {
            // GitHub would evaluate it as an expression inside the run script.
            throw new PackagerException("The profile " + label + " contains '${{', which GitHub Actions"
                    + " would evaluate as an expression. Remove it from the profile's values.");
        }
        // Checked here, as the runner will load it, so an export never writes a profile the runner refuses.
        profiles.parseRelease(plain, label + " on the runner");
        String json = plain
                .replace(json(SOURCE), "${{ toJSON(format('{0}\\audio.cpp', github.workspace)) }}")
                .replace(json(VS_INSTANCE), "${{ toJSON(env.VS_INSTANCE) }}")
                .replace(json(OUTPUT_DIR), "${{ toJSON(format('{0}\\" + OUTPUT_FOLDER + "', github.workspace)) }}");
        if (json.contains("@@")) {
            throw new IllegalStateException("a runner path placeholder was not replaced: " + json);
        }
        StringBuilder step = new StringBuilder();
        step.append("      - name: Write the release profile\n")
                .append("        # ").append(label)
                .append(" with the runner's paths: the checkout, the SDKs, the Visual Studio (VS_INSTANCE).\n")
                .append("        run: |\n")
                .append("          $json = @'\n");
        for (String line : json.split("\n")) {
            step.append("          ").append(line).append('\n');
        }
        step.append("          '@\n")
                .append("          Set-Content -LiteralPath $env:RELEASE_PROFILE -Value $json -Encoding utf8NoBOM\n")
                .append("          Get-Content -LiteralPath $env:RELEASE_PROFILE\n");
        return step.toString();
    }

    private static String json(String placeholder) {
        return "\"" + placeholder + "\"";
    }

    /** A YAML single-quoted scalar: no escapes except a doubled quote. */
    static String quote(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    /**
     * A part of the workflow kept as a resource of its own ({@code /dev/hippack/workflow/}), so the
     * YAML is read and reviewed as YAML; its {@code {{NAME}}} slots are filled by {@link #render}.
     */
    private static String template(String name) {
        try (InputStream in = CiWorkflowExporter.class.getResourceAsStream(TEMPLATES + name)) {
            if (in == null) {
                throw new IllegalStateException("the workflow template " + TEMPLATES + name + " is missing from HIP Packager");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the workflow template " + TEMPLATES + name, e);
        }
    }
}
