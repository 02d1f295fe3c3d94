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
 *   <li>{@code publish}, on a tag only, the one job allowed to write: checks the checksums and
 *       creates the GitHub Release with {@code gh release create} and the repository's token, the
 *       zips and {@code SHA256SUMS} attached and the notes as its text.</li>
 * </ol>
 * The runners get HIP Packager from a released bundle (its SHA-256 checked before use) or build
 * it from a repository and ref; with neither named the export is refused, since a workflow that
 * fetches a placeholder cannot run.
 *
 * <p>The workflow text is written by hand rather than by a YAML library so that it can carry the
 * comments a maintainer needs to review it; the test suite parses it to prove it is valid YAML.
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

    public static final PinnedAction CHECKOUT = new PinnedAction("actions/checkout", "11bd71901bbe5b1630ceea73d27597364c9af683", "v4.2.2");
    public static final PinnedAction SETUP_JAVA = new PinnedAction("actions/setup-java", "c5195efecf7bdfc987ee8bae7a71cb8b11521c00", "v4.7.1");
    public static final PinnedAction CACHE = new PinnedAction("actions/cache", "5a3ec84eff668545956fd18022155c47e93e2684", "v4.2.3");
    public static final PinnedAction CCACHE = new PinnedAction("hendrikmuhs/ccache-action", "33522472633dbd32578e909b315f5ee43ba878ce", "v1.2.22");
    public static final PinnedAction UPLOAD_ARTIFACT = new PinnedAction("actions/upload-artifact", "ea165f8d65b6e75b540449e92b4886f43607fa02", "v4.6.2");
    public static final PinnedAction DOWNLOAD_ARTIFACT = new PinnedAction("actions/download-artifact", "d3f86a106a0bac45b974a628896c90dbdf5c8093", "v4.3.0");

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
                    + " using it), or --packager-repo OWNER/NAME [--packager-ref REF] (the runner builds it from that"
                    + " repository; the ref defaults to v" + options.packagerVersion() + ").");
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
            packagerSteps = BUNDLE_STEPS;
        } else {
            CiWorkflowOptions.FromRepository repo = (CiWorkflowOptions.FromRepository) packager;
            packagerHeader = "# HIP Packager is built on the runner from the repository and ref below.";
            packagerEnv = "  # HIP Packager is built from its sources at this ref, so the engine is code you can read.\n"
                    + "  HIP_PACKAGER_REPOSITORY: " + quote(repo.repository()) + "\n"
                    + "  HIP_PACKAGER_REF: " + quote(repo.ref()) + "\n";
            packagerSteps = SOURCE_STEPS.replace("{{CHECKOUT}}", CHECKOUT.uses()).replace("{{SETUP_JAVA}}", SETUP_JAVA.uses());
        }
        return TEMPLATE
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
                .replace("{{CHECKOUT}}", CHECKOUT.uses())
                .replace("{{CACHE}}", CACHE.uses())
                .replace("{{CCACHE}}", CCACHE.uses())
                .replace("{{UPLOAD_ARTIFACT}}", UPLOAD_ARTIFACT.uses())
                .replace("{{DOWNLOAD_ARTIFACT}}", DOWNLOAD_ARTIFACT.uses());
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

    /** HIP Packager built on the runner from {@code HIP_PACKAGER_REPOSITORY} at {@code HIP_PACKAGER_REF}. */
    private static final String SOURCE_STEPS = """
                  - name: Check out HIP Packager
                    uses: {{CHECKOUT}}
                    with:
                      repository: ${{ env.HIP_PACKAGER_REPOSITORY }}
                      ref: ${{ env.HIP_PACKAGER_REF }}
                      path: hip-packager
                      persist-credentials: false

                  - name: Set up JDK 17 to build HIP Packager
                    uses: {{SETUP_JAVA}}
                    with:
                      distribution: temurin
                      java-version: '17'
                      cache: maven
                      cache-dependency-path: hip-packager/pom.xml

                  - name: Build HIP Packager's runtime image
                    working-directory: hip-packager
                    # Its tests ran when HIP Packager was released; the runner needs only the image.
                    run: |
                      ./mvnw.cmd -B -DskipTests package
                      if ($LASTEXITCODE -ne 0) { throw "Building HIP Packager failed with exit code $LASTEXITCODE." }
                      Add-Content -LiteralPath $env:GITHUB_ENV -Value "HIP_PACKAGER=$env:GITHUB_WORKSPACE\\hip-packager\\target\\image\\bin\\hip-packager.bat"

            """;

    /** HIP Packager from the released bundle at {@code HIP_PACKAGER_BUNDLE}, used only when its SHA-256 matches. */
    private static final String BUNDLE_STEPS = """
                  - name: Download HIP Packager and check its SHA-256
                    run: |
                      $bundle = Join-Path $env:RUNNER_TEMP 'hip-packager-windows-x64.zip'
                      Invoke-WebRequest -Uri $env:HIP_PACKAGER_BUNDLE -OutFile $bundle
                      $actual = (Get-FileHash -LiteralPath $bundle -Algorithm SHA256).Hash.ToLowerInvariant()
                      if ($actual -ne $env:HIP_PACKAGER_SHA256) {
                        throw "The download of $env:HIP_PACKAGER_BUNDLE has SHA-256 $actual, not the pinned $env:HIP_PACKAGER_SHA256. Not using it."
                      }
                      $dir = Join-Path $env:RUNNER_TEMP 'hip-packager'
                      Expand-Archive -LiteralPath $bundle -DestinationPath $dir
                      $exe = Get-ChildItem -LiteralPath $dir -Recurse -Filter 'hip-packager.exe' | Select-Object -First 1
                      if (-not $exe) { throw "The HIP Packager bundle holds no hip-packager.exe." }
                      & $exe.FullName --version
                      if ($LASTEXITCODE -ne 0) { throw "hip-packager.exe from the bundle does not start." }
                      Add-Content -LiteralPath $env:GITHUB_ENV -Value "HIP_PACKAGER=$($exe.FullName)"

            """;

    private static final String TEMPLATE = """
            # audio.cpp Windows HIP release, generated by `hip-packager ci-workflow` from {{PROFILE}}.
            # Packages: {{PACKAGES}}.
            #
            # Each package is built on a GitHub-hosted Windows runner against its own HIP SDK and
            # packaged by HIP Packager, the engine of the desktop wizard: it builds with the MSVC 14.44
            # toolset, stages the runtime DLLs and kernel libraries, checks every import and zips the
            # package. The release job audits the zips again and writes SHA256SUMS and RELEASE-NOTES.md;
            # on a tag, the publish job makes them a GitHub Release. Commit this file under
            # .github/workflows/ in the audio.cpp repository. AMD's EULA governs redistributing the HIP
            # SDK's DLLs: check it before the first tag.
            {{PACKAGER_HEADER}}
            name: audio.cpp Windows HIP release

            on:
              workflow_dispatch:
              push:
                tags:
                  - 'v*'
                  - 'release-*'

            # Every job reads only; the publish job alone may write (it creates the GitHub Release).
            permissions:
              contents: read

            env:
            {{PACKAGER_ENV}}
            jobs:
              package:
                name: Package ${{ matrix.id }}
                # Visual Studio 2022 on this image has the MSVC 14.44 toolset; the step below checks it.
                runs-on: {{RUNNER}}
                timeout-minutes: 300
                strategy:
                  # A failure of one package must not cancel the others; the release job needs them all.
                  fail-fast: false
                  matrix:
                    include:
            {{MATRIX}}
                defaults:
                  run:
                    shell: pwsh
                env:
                  RELEASE_PROFILE: ${{ github.workspace }}\\release-profile.json
                  # CMake reads these when it configures the build, so every compile goes through ccache.
                  CMAKE_C_COMPILER_LAUNCHER: ccache
                  CMAKE_CXX_COMPILER_LAUNCHER: ccache
                steps:
                  - name: Check out audio.cpp
                    uses: {{CHECKOUT}}
                    with:
            {{AUDIOCPP_REPOSITORY}}          path: audio.cpp
                      # Full history and tags, so the version can be read with git describe.
                      fetch-depth: 0
                      submodules: recursive
                      persist-credentials: false

            {{GET_PACKAGER}}      - name: Restore the HIP SDK from the cache
                    id: hip-sdk-cache
                    uses: {{CACHE}}
                    with:
                      path: C:\\Program Files\\AMD\\ROCm
                      # Keyed on the installer's file name: each SDK has its own cache, and a new SDK release a new one.
                      key: hip-sdk-${{ runner.os }}-${{ matrix.sdk-installer }}

                  - name: Install the HIP SDK ${{ matrix.rocm-version }}
                    if: steps.hip-sdk-cache.outputs.cache-hit != 'true'
                    timeout-minutes: 30
                    env:
                      SDK_INSTALLER: ${{ matrix.sdk-installer }}
                    run: |
                      $installer = Join-Path $env:RUNNER_TEMP $env:SDK_INSTALLER
                      Invoke-WebRequest -Uri "{{SDK_DOWNLOAD_BASE}}$env:SDK_INSTALLER" -OutFile $installer
                      # -install runs the installer without questions. Reading Handle keeps the exit code readable after exit.
                      $process = Start-Process -FilePath $installer -ArgumentList '-install' -NoNewWindow -PassThru
                      $null = $process.Handle
                      if (-not $process.WaitForExit(600000)) {
                        $process.Kill($true)
                        throw "The HIP SDK installer $env:SDK_INSTALLER did not finish within 10 minutes."
                      }
                      if ($process.ExitCode -ne 0) {
                        throw "The HIP SDK installer $env:SDK_INSTALLER failed with exit code $($process.ExitCode)."
                      }

                  - name: Check the HIP SDK
                    env:
                      ROCM_VERSION: ${{ matrix.rocm-version }}
                    run: |
                      $clang = "C:\\Program Files\\AMD\\ROCm\\$env:ROCM_VERSION\\bin\\clang.exe"
                      if (-not (Test-Path -LiteralPath $clang)) {
                        throw "$clang is missing: the HIP SDK $env:ROCM_VERSION is not where the profile expects it."
                      }
                      & $clang --version

                  - name: Set up ccache
                    uses: {{CCACHE}}
                    with:
                      # One cache per package: the tracks compile for other SDKs and targets.
                      key: audiocpp-hip-${{ matrix.id }}
                      max-size: 2G

                  - name: Check the MSVC 14.44 toolset
                    # ROCm's clang fails on the MSVC 14.5x headers, so the release is built with 14.44.
                    # HIP Packager enters this environment itself; this step proves it loads and
                    # passes the Visual Studio folder on to the profile.
                    run: |
                      $vswhere = Join-Path ${env:ProgramFiles(x86)} 'Microsoft Visual Studio\\Installer\\vswhere.exe'
                      $vs = & $vswhere -latest -products * -requires Microsoft.VisualStudio.Component.VC.Tools.x86.x64 -property installationPath
                      if (-not $vs) { throw 'vswhere found no Visual Studio with the x64 C++ tools.' }
                      $probe = Join-Path $env:RUNNER_TEMP 'vcvars-14.44.cmd'
                      Set-Content -LiteralPath $probe -Encoding ascii -Value @(
                        "@call `"$vs\\VC\\Auxiliary\\Build\\vcvarsall.bat`" x64 -vcvars_ver=14.44",
                        '@echo VCToolsVersion=%VCToolsVersion%')
                      $output = & cmd.exe /d /c $probe 2>&1
                      $output | Write-Host
                      # vcvarsall reports a missing toolset with [ERROR: and may still exit with 0.
                      if ($LASTEXITCODE -ne 0 -or ($output -match '\\[ERROR:')) {
                        throw "vcvarsall x64 -vcvars_ver=14.44 failed in $vs. Install the MSVC v143 14.44 build tools."
                      }
                      if (-not ($output -match '^VCToolsVersion=14\\.44\\.')) {
                        throw "vcvarsall did not select an MSVC 14.44 toolset in $vs."
                      }
                      Add-Content -LiteralPath $env:GITHUB_ENV -Value "VS_INSTANCE=$vs"

            {{PROFILE_STEP}}
                  - name: Package ${{ matrix.package }} (build, stage, audit, zip)
                    timeout-minutes: 240
                    env:
                      PACKAGE: ${{ matrix.package }}
                    run: |
                      & $env:HIP_PACKAGER package --profile $env:RELEASE_PROFILE --package $env:PACKAGE --out {{OUTPUT_FOLDER}}
                      if ($LASTEXITCODE -ne 0) { throw "hip-packager package failed with exit code $LASTEXITCODE; its log above says why." }

                  - name: Upload the package
                    uses: {{UPLOAD_ARTIFACT}}
                    with:
                      name: {{PACKAGE_ARTIFACT}}${{ matrix.id }}
                      path: {{OUTPUT_FOLDER}}/*.zip
                      if-no-files-found: error
                      # The zip is compressed already.
                      compression-level: 0

              release:
                name: Audit the zips, SHA256SUMS and release notes
                needs: package
                runs-on: {{RUNNER}}
                timeout-minutes: 60
                defaults:
                  run:
                    shell: pwsh
                env:
                  RELEASE_PROFILE: ${{ github.workspace }}\\release-profile.json
                  # The profile's Visual Studio is not used here; its value only has to be a path.
                  VS_INSTANCE: C:\\unused
                steps:
            {{GET_PACKAGER}}      - name: Download the packages
                    uses: {{DOWNLOAD_ARTIFACT}}
                    with:
                      pattern: {{PACKAGE_ARTIFACT}}*
                      merge-multiple: true
                      path: {{OUTPUT_FOLDER}}

            {{PROFILE_STEP}}
                  - name: Download the previous release's zips
                    id: previous
                    env:
                      GH_TOKEN: ${{ github.token }}
                      GH_REPO: ${{ github.repository }}
                    run: |
                      # The newest published release (on a tag, this one is not published yet).
                      $tag = gh release view --json tagName --jq .tagName 2>$null
                      if ($LASTEXITCODE -ne 0 -or -not $tag) {
                        Write-Host 'No previous release: the notes will not compare.'
                        exit 0
                      }
                      gh release download $tag --pattern '*.zip' --dir {{PREVIOUS_FOLDER}}
                      if ($LASTEXITCODE -ne 0) { throw "Could not download the zips of the previous release $tag." }
                      Add-Content -LiteralPath $env:GITHUB_OUTPUT -Value "tag=$tag"

                  - name: Audit the zips and write SHA256SUMS and RELEASE-NOTES.md
                    env:
                      PREVIOUS_TAG: ${{ steps.previous.outputs.tag }}
                    run: |
                      $compare = @()
                      if ($env:PREVIOUS_TAG) { $compare = @('--previous', '{{PREVIOUS_FOLDER}}') }
                      & $env:HIP_PACKAGER release --profile $env:RELEASE_PROFILE --from-zips --out {{OUTPUT_FOLDER}} @compare
                      if ($LASTEXITCODE -ne 0) { throw "hip-packager release failed with exit code $LASTEXITCODE; its output above says why." }
                      Get-Content -LiteralPath {{OUTPUT_FOLDER}}\\RELEASE-NOTES.md

                  - name: Upload the release
                    uses: {{UPLOAD_ARTIFACT}}
                    with:
                      name: {{RELEASE_ARTIFACT}}
                      path: |
                        {{OUTPUT_FOLDER}}/*.zip
                        {{OUTPUT_FOLDER}}/SHA256SUMS
                        {{OUTPUT_FOLDER}}/RELEASE-NOTES.md
                      if-no-files-found: error
                      compression-level: 0

              publish:
                name: Publish the GitHub Release
                needs: release
                # Only a tag is published; a manual run stops at the release artifact.
                if: startsWith(github.ref, 'refs/tags/')
                runs-on: {{PUBLISH_RUNNER}}
                timeout-minutes: 30
                # The only job that writes: creating a release needs contents: write.
                permissions:
                  contents: write
                steps:
                  - name: Download the release
                    uses: {{DOWNLOAD_ARTIFACT}}
                    with:
                      name: {{RELEASE_ARTIFACT}}
                      path: {{OUTPUT_FOLDER}}

                  - name: Check the checksums
                    working-directory: {{OUTPUT_FOLDER}}
                    run: sha256sum -c --strict SHA256SUMS

                  # GitHub refuses a release asset of 2 GiB or more (HTTP 422): stop before creating a half release.
                  - name: Check the zips against GitHub's 2 GiB asset limit
                    working-directory: {{OUTPUT_FOLDER}}
                    run: |
                      status=0
                      for zip in *.zip; do
                        size=$(stat -c %s "$zip")
                        if [ "$size" -ge 2147483648 ]; then
                          echo "::error file=$zip::$zip is $size bytes, at or past GitHub's 2 GiB limit per release asset; leave out targets or rocBLAS's kernels"
                          status=1
                        fi
                      done
                      exit $status

                  - name: Create the GitHub Release
                    env:
                      GH_TOKEN: ${{ secrets.GITHUB_TOKEN }}
                      GH_REPO: ${{ github.repository }}
                      TAG: ${{ github.ref_name }}
                    run: >-
                      gh release create "$TAG"
                      {{OUTPUT_FOLDER}}/*.zip {{OUTPUT_FOLDER}}/SHA256SUMS
                      --verify-tag
                      --title "audio.cpp $TAG for Windows (HIP)"
                      --notes-file {{OUTPUT_FOLDER}}/RELEASE-NOTES.md
            """;
}
