package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.plan.Release;
import dev.hippack.core.profile.CiWorkflow;
import dev.hippack.core.profile.CiWorkflowExporter;
import dev.hippack.core.profile.CiWorkflowOptions;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.launch.ApplicationVersion;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code hip-packager ci-workflow}: the GitHub Actions workflow that cuts a profile's release on Windows runners and publishes it. */
@Command(name = "ci-workflow",
        sortOptions = false,
        description = {
            "Writes a GitHub Actions workflow that cuts this release on GitHub-hosted Windows runners.",
            "One job per package installs its HIP SDK, checks MSVC 14.44 and runs 'hip-packager package'; a release "
                + "job audits the zips and writes SHA256SUMS and RELEASE-NOTES.md; on a tag a publish job creates the "
                + "GitHub Release. The runner gets HIP Packager from --packager-bundle/--packager-sha256 or builds it "
                + "from --packager-repo/--packager-ref; one of them is required. Without --out the workflow is printed."
        })
public final class CiWorkflowCommand extends BaseCommand {

    @Option(names = "--profile", paramLabel = "FILE",
            description = "The release profile (JSON), of one package or several. With --demo: the sample's profiles/release.json.")
    Path profile;

    @Option(names = "--tracks", paramLabel = "TRACK", split = ",",
            description = "For a profile of one package: the tracks to release, one package each (default: its track), e.g. rocm6,rocm7.")
    List<String> tracks = List.of();

    @Option(names = "--out", paramLabel = "FILE",
            description = "Write the workflow here, e.g. .github/workflows/release-hip.yml.")
    Path out;

    @Mixin
    ForceOption force;

    @Option(names = "--packager-bundle", paramLabel = "URL",
            description = "An https:// URL of a released hip-packager-windows-x64.zip for the runners to use (with --packager-sha256).")
    String packagerBundle;

    @Option(names = "--packager-sha256", paramLabel = "HEX",
            description = "The SHA-256 of --packager-bundle; the runner refuses a download that differs.")
    String packagerSha256;

    @Option(names = "--packager-repo", paramLabel = "OWNER/NAME",
            description = "Or: the GitHub repository the runners build HIP Packager from.")
    String packagerRepository;

    @Option(names = "--packager-ref", paramLabel = "REF",
            description = "The tag, branch or commit of --packager-repo to build; required with it, as no tag is guessed.")
    String packagerRef;

    @Option(names = "--audiocpp-repo", paramLabel = "OWNER/NAME",
            description = "Check out audio.cpp from this repository (default: the repository holding the workflow).")
    String audiocppRepository;

    @Override
    protected int run() throws PackagerException {
        ProfileStore profiles = root.profiles();
        Path profileFile = root.releaseProfileOrDemoDefault(profile);
        Release release = profiles.loadRelease(profileFile);
        CiWorkflowOptions options;
        try {
            options = CiWorkflowOptions.defaults(profileFile.getFileName().toString())
                    .withTracks(tracks)
                    .withAudiocppRepository(audiocppRepository);
            options = options.withPackager(packagerSource());
        } catch (IllegalArgumentException e) {
            throw new PackagerException("ci-workflow: " + e.getMessage() + ".");
        }
        CiWorkflowExporter exporter = new CiWorkflowExporter(catalog(), profiles);
        CiWorkflow workflow = exporter.export(release, options);
        // The runners are not this machine: the plans are judged as plan judges them without --detect.
        PlanCommand.requirePlanRules(this, profileFile, workflow.releases().stream().map(r -> r.plan()).toList(), false,
                "exported");
        PrintWriter stdout = out();
        PrintWriter stderr = err();
        for (String note : workflow.notes()) {
            stderr.println("note: " + note);
        }
        if (out == null) {
            stdout.print(workflow.yaml());
            stdout.flush();
        } else {
            exporter.write(workflow, out, force.on);
            stdout.println("Wrote " + out + " (packages: " + String.join(", ",
                    workflow.releases().stream().map(r -> r.plan().archiveName() + " [" + r.track().id() + "]").toList()) + ").");
        }
        return Cli.OK;
    }

    /** The bundle or the repository the options name; null when neither (the exporter says which to pass). */
    private CiWorkflowOptions.PackagerSource packagerSource() throws PackagerException {
        boolean bundle = packagerBundle != null || packagerSha256 != null;
        boolean repo = packagerRepository != null || packagerRef != null;
        if (bundle && repo) {
            throw new PackagerException("Give either --packager-bundle with --packager-sha256, or --packager-repo (and"
                    + " --packager-ref), not both: the runners get HIP Packager one way.");
        }
        if (bundle) {
            if (packagerBundle == null || packagerSha256 == null) {
                throw new PackagerException("--packager-bundle and --packager-sha256 go together: the runner checks the bundle"
                        + " against the SHA-256 before using it.");
            }
            return new CiWorkflowOptions.FromBundle(packagerBundle, packagerSha256);
        }
        if (repo) {
            if (packagerRepository == null) {
                throw new PackagerException("--packager-ref needs --packager-repo OWNER/NAME: the repository to build HIP Packager from.");
            }
            if (packagerRef == null) {
                throw new PackagerException("--packager-repo needs --packager-ref REF: the tag, branch or commit of "
                        + packagerRepository + " to build. HIP Packager does not guess one, since a tag it guessed (such as v"
                        + ApplicationVersion.version() + ") may not exist there and the workflow would fail on the runner.");
            }
            return new CiWorkflowOptions.FromRepository(packagerRepository, packagerRef);
        }
        return null;
    }
}
