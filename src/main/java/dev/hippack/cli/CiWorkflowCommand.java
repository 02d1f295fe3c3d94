package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.plan.ReleasePlan;
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

/** {@code hip-packager ci-workflow}: the GitHub Actions workflow that cuts a profile's release on a Windows runner. */
@Command(name = "ci-workflow",
        sortOptions = false,
        description = {
            "Writes a GitHub Actions workflow that cuts this release on a GitHub-hosted Windows runner:",
            "one job per track installs the HIP SDK, checks MSVC 14.44, runs 'hip-packager package'",
            "and uploads the zip and SHA256SUMS. Without --out the workflow is printed."
        })
public final class CiWorkflowCommand extends BaseCommand {

    @Mixin
    ProfileOption profile;

    @Option(names = "--tracks", paramLabel = "TRACK", split = ",",
            description = "Tracks to release, one matrix entry each (default: the profile's track), e.g. rocm6,rocm7.")
    List<String> tracks = List.of();

    @Option(names = "--out", paramLabel = "FILE",
            description = "Write the workflow here, e.g. .github/workflows/release-hip.yml.")
    Path out;

    @Option(names = "--force", description = "Replace --out if it exists.")
    boolean force;

    @Option(names = "--packager-repo", paramLabel = "OWNER/NAME",
            description = "GitHub repository the runner builds HIP Packager from (default: "
                    + CiWorkflowOptions.DEFAULT_PACKAGER_REPOSITORY + ").")
    String packagerRepository = CiWorkflowOptions.DEFAULT_PACKAGER_REPOSITORY;

    @Option(names = "--packager-ref", paramLabel = "REF",
            description = "Tag, branch or commit of HIP Packager to build (default: v<this version>).")
    String packagerRef;

    @Option(names = "--audiocpp-repo", paramLabel = "OWNER/NAME",
            description = "Check out audio.cpp from this repository (default: the repository holding the workflow).")
    String audiocppRepository;

    @Override
    protected int run() throws PackagerException {
        ProfileStore profiles = root.profiles();
        Path profileFile = profileFile(profile);
        ReleasePlan plan = profiles.load(profileFile);
        CiWorkflowOptions options;
        try {
            options = CiWorkflowOptions.defaults(ApplicationVersion.version(), profileFile.getFileName().toString())
                    .withTracks(tracks)
                    .withPackagerRepository(packagerRepository)
                    .withPackagerRef(packagerRef == null ? "v" + ApplicationVersion.version() : packagerRef)
                    .withAudiocppRepository(audiocppRepository);
        } catch (IllegalArgumentException e) {
            throw new PackagerException("ci-workflow: " + e.getMessage() + ".");
        }
        CiWorkflowExporter exporter = new CiWorkflowExporter(catalog(), profiles);
        CiWorkflow workflow = exporter.export(plan, options);
        PrintWriter stdout = out();
        PrintWriter stderr = err();
        for (String note : workflow.notes()) {
            stderr.println("note: " + note);
        }
        if (out == null) {
            stdout.print(workflow.yaml());
            stdout.flush();
        } else {
            exporter.write(workflow, out, force);
            stdout.println("Wrote " + out + " (tracks: " + String.join(", ",
                    workflow.releases().stream().map(r -> r.track().id()).toList()) + ").");
        }
        return Cli.OK;
    }
}
