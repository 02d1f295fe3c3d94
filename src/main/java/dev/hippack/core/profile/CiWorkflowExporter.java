package dev.hippack.core.profile;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.Track;
import dev.hippack.core.plan.ReleasePlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Turns a release profile into a GitHub Actions workflow that cuts the same release on a
 * GitHub-hosted Windows runner with HIP Packager's own engine, headless: one matrix entry per
 * track, each installing (or restoring from the cache) that track's HIP SDK, checking the MSVC
 * 14.44 toolset, writing the profile with the runner's paths, running {@code hip-packager package}
 * and uploading the zip and {@code SHA256SUMS}.
 *
 * <p>The workflow text is written by hand rather than by a YAML library so that it can carry the
 * comments a maintainer needs to review it; the test suite parses it to prove it is valid YAML.
 * The profile inside it is produced by {@link ProfileStore}, so it is exactly what
 * {@code package} will load.
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
    /** Where AMD publishes the HIP SDK installers named by the catalog's tracks. */
    public static final String SDK_DOWNLOAD_BASE = "https://download.amd.com/developer/eula/rocm-hub/";
    /** The runner folder, relative to the workspace, that receives the zip and SHA256SUMS. */
    public static final String OUTPUT_FOLDER = "release";

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

    /** Names that go into YAML, expressions and file paths unquoted must be this plain. */
    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    private final Catalog catalog;
    private final ProfileStore profiles;

    public CiWorkflowExporter(Catalog catalog, ProfileStore profiles) {
        this.catalog = catalog;
        this.profiles = profiles;
    }

    /** The workflow for {@code profile}. Throws when a track is unknown or keeps none of the profile's targets. */
    public CiWorkflow export(ReleasePlan profile, CiWorkflowOptions options) throws PackagerException {
        List<String> notes = new ArrayList<>();
        List<RunnerRelease> releases = new ArrayList<>();
        for (Track track : tracks(profile, options)) {
            releases.add(new RunnerRelease(track, runnerPlan(profile, track, notes)));
        }
        return new CiWorkflow(render(releases, options), releases, notes);
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
        Path tmp = null;
        try {
            tmp = Files.createTempFile(dir, "." + target.getFileName() + "-", ".tmp");
            Files.writeString(tmp, workflow.yaml(), StandardCharsets.UTF_8);
            move(tmp, target, force);
            tmp = null;
        } catch (FileAlreadyExistsException e) {
            throw new PackagerException(out + " appeared while the workflow was being written; it was left as it is."
                    + " Pass --force to replace it.");
        } catch (IOException e) {
            throw new OperationFailedException("Cannot write the workflow to " + out + ": " + e.getMessage()
                    + ". Check that the folder is writable, or choose another --out.");
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // A leftover temporary name never looks like a finished workflow.
                }
            }
        }
    }

    private static void move(Path tmp, Path target, boolean replace) throws IOException {
        if (replace) {
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } else {
            // Without REPLACE_EXISTING the move refuses a file that appeared since the check.
            Files.move(tmp, target);
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
            archiveName = track.packageName();
        }
        requirePlain(archiveName, "archive name of track " + track.id());
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

    private String render(List<RunnerRelease> releases, CiWorkflowOptions options) throws PackagerException {
        StringBuilder matrix = new StringBuilder();
        StringBuilder profileSteps = new StringBuilder();
        for (RunnerRelease r : releases) {
            matrix.append("          - track: ").append(quote(r.track().id())).append('\n')
                    .append("            rocm-version: ").append(quote(r.track().rocmVersion())).append('\n')
                    .append("            sdk-installer: ").append(quote(r.track().sdkInstaller())).append('\n')
                    .append("            archive-name: ").append(quote(r.plan().archiveName())).append('\n');
            profileSteps.append(profileStep(r, options));
        }
        String audiocppCheckout = options.audiocppRepository() == null ? ""
                : "          repository: " + quote(options.audiocppRepository()) + "\n";
        String tracks = String.join(", ", releases.stream().map(r -> r.track().id()).toList());
        return TEMPLATE
                .replace("{{PROFILE}}", options.profileLabel().replaceAll("[\\r\\n]", " "))
                .replace("{{TRACKS}}", tracks)
                .replace("{{PACKAGER_REPOSITORY}}", quote(options.packagerRepository()))
                .replace("{{PACKAGER_REF}}", quote(options.packagerRef()))
                .replace("{{RUNNER}}", RUNNER)
                .replace("{{MATRIX}}", matrix.toString())
                .replace("{{AUDIOCPP_REPOSITORY}}", audiocppCheckout)
                .replace("{{PROFILE_STEPS}}", profileSteps.toString())
                .replace("{{SDK_DOWNLOAD_BASE}}", SDK_DOWNLOAD_BASE)
                .replace("{{OUTPUT_FOLDER}}", OUTPUT_FOLDER)
                .replace("{{CHECKOUT}}", CHECKOUT.uses())
                .replace("{{SETUP_JAVA}}", SETUP_JAVA.uses())
                .replace("{{CACHE}}", CACHE.uses())
                .replace("{{CCACHE}}", CCACHE.uses())
                .replace("{{UPLOAD_ARTIFACT}}", UPLOAD_ARTIFACT.uses());
    }

    /** One step per track that writes its profile; the runner paths are filled in by GitHub expressions. */
    private String profileStep(RunnerRelease release, CiWorkflowOptions options) throws PackagerException {
        String plain = profiles.toJson(release.plan()).replace("\r\n", "\n").strip();
        if (plain.contains("${{")) {
            // GitHub would evaluate it as an expression inside the run script.
            throw new PackagerException("The profile " + options.profileLabel() + " contains '${{', which GitHub Actions"
                    + " would evaluate as an expression. Remove it from the profile's values.");
        }
        String json = plain
                .replace(json(SOURCE), "${{ toJSON(format('{0}\\audio.cpp', github.workspace)) }}")
                .replace(json(VS_INSTANCE), "${{ toJSON(env.VS_INSTANCE) }}")
                .replace(json(OUTPUT_DIR), "${{ toJSON(format('{0}\\" + OUTPUT_FOLDER + "', github.workspace)) }}");
        if (json.contains("@@")) {
            throw new IllegalStateException("a runner path placeholder was not replaced: " + json);
        }
        StringBuilder step = new StringBuilder();
        String id = release.track().id();
        step.append("      - name: Write the ").append(id).append(" release profile\n")
                .append("        # ").append(options.profileLabel().replaceAll("[\\r\\n]", " "))
                .append(" with the runner's paths: the checkout, the SDK, the Visual Studio found above.\n")
                .append("        if: matrix.track == '").append(id).append("'\n")
                .append("        run: |\n")
                .append("          $json = @'\n");
        for (String line : json.split("\n")) {
            step.append("          ").append(line).append('\n');
        }
        step.append("          '@\n")
                .append("          Set-Content -LiteralPath $env:RELEASE_PROFILE -Value $json -Encoding utf8NoBOM\n")
                .append("          Get-Content -LiteralPath $env:RELEASE_PROFILE\n")
                .append('\n');
        return step.toString();
    }

    private static String json(String placeholder) {
        return "\"" + placeholder + "\"";
    }

    /** A YAML single-quoted scalar: no escapes except a doubled quote. */
    static String quote(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    private static final String TEMPLATE = """
            # audio.cpp Windows HIP release, generated by `hip-packager ci-workflow` from {{PROFILE}}.
            # Tracks: {{TRACKS}}.
            #
            # Each matrix entry builds audio.cpp against one HIP SDK on a GitHub-hosted Windows runner
            # and packages it with HIP Packager, the engine of the desktop wizard: it builds with the
            # MSVC 14.44 toolset, stages the runtime DLLs and kernel libraries, audits every import,
            # zips the package and writes SHA256SUMS. Commit this file under .github/workflows/ in
            # the audio.cpp repository. AMD's EULA governs redistributing the HIP SDK's DLLs.
            name: audio.cpp Windows HIP release

            on:
              workflow_dispatch:
              push:
                tags:
                  - 'v*'
                  - 'release-*'

            # The jobs only read the sources; uploading artifacts needs no token scope.
            permissions:
              contents: read

            env:
              # HIP Packager is built from its sources at this ref, so the engine is code you can read.
              HIP_PACKAGER_REPOSITORY: {{PACKAGER_REPOSITORY}}
              HIP_PACKAGER_REF: {{PACKAGER_REF}}

            jobs:
              package:
                name: Package ${{ matrix.track }}
                # Visual Studio 2022 on this image has the MSVC 14.44 toolset; the step below checks it.
                runs-on: {{RUNNER}}
                timeout-minutes: 300
                strategy:
                  # A failure on one track must not cancel the other.
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
                    run: ./mvnw.cmd -B -DskipTests package

                  - name: Restore the HIP SDK from the cache
                    id: hip-sdk-cache
                    uses: {{CACHE}}
                    with:
                      path: C:\\Program Files\\AMD\\ROCm
                      # Keyed on the installer's file name: a new SDK release gets a new cache.
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
                      key: audiocpp-hip-${{ matrix.track }}
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

            {{PROFILE_STEPS}}      - name: Package audio.cpp (build, stage, audit, zip)
                    timeout-minutes: 240
                    run: |
                      & "$env:GITHUB_WORKSPACE\\hip-packager\\target\\image\\bin\\hip-packager.bat" package --profile $env:RELEASE_PROFILE
                      if ($LASTEXITCODE -ne 0) { throw "hip-packager package failed with exit code $LASTEXITCODE; its log above says why." }

                  - name: Upload the package and its checksums
                    uses: {{UPLOAD_ARTIFACT}}
                    with:
                      name: ${{ matrix.archive-name }}
                      path: |
                        {{OUTPUT_FOLDER}}/${{ matrix.archive-name }}.zip
                        {{OUTPUT_FOLDER}}/SHA256SUMS
                      if-no-files-found: error
                      # The zip is compressed already.
                      compression-level: 0
            """;
}
