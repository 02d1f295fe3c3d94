package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.build.BuildRequest;
import dev.hippack.core.build.BuildResult;
import dev.hippack.core.build.BuildService;
import dev.hippack.core.detect.CheckoutInspector;
import dev.hippack.core.plan.BuildScriptFacts;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code hip-packager build}: runs the build script for every binary of a profile, log on stdout, progress on stderr. */
@Command(name = "build",
        description = {
            "Builds audiocpp_cli and audiocpp_server for a release profile and checks what the build left.",
            "The build runs scripts\\build_windows_hip.ps1 in the profile's MSVC environment "
                + "(vcvarsall x64 -vcvars_ver=<toolset>), then checks the outputs and CMakeCache.txt. "
                + "The log goes to stdout and to <BuildDir>\\hip-packager-build.log; progress to stderr. "
                + "Where Windows PowerShell cannot run (--demo, --host, Linux) a stand-in build runs instead. "
                + "Ctrl-C cancels the build and ends its whole process tree."
        },
        footer = {"", "Exit codes: 0 built and checked; 1 the build failed, could not start, or the checks "
            + "found errors; 2 bad input (profile, an error of the plan rules, checkout without the script or a parameter the release needs); "
            + "130 Ctrl-C (after the build's process tree has ended)."})
public final class BuildCommand extends BaseCommand {

    @Mixin
    ProfileOption profile;

    @Option(names = "--stand-in-pace", paramLabel = "MILLIS", defaultValue = "20",
            description = "Stand-in build only: milliseconds per build step (default: ${DEFAULT-VALUE}; 0 = as fast as it can).")
    long standInPace;

    @Override
    protected int run() throws PackagerException {
        if (standInPace < 0) {
            throw new PackagerException("--stand-in-pace must be 0 or more, not " + standInPace + ".");
        }
        ReleasePlan plan = loadProfile(profile);
        // Refused before the build, which may take hours, rather than at the audit after it.
        PlanCommand.requirePlanRules(this, profileFile(profile), List.of(plan), PlanCommand.detectsByDefault(root), "built");
        PrintWriter out = out();
        BuildProgressLine console = new BuildProgressLine(out, err(), System.console() != null);
        BuildResult result;
        try {
            result = cancellableByCtrlC(token -> build(this, plan, Duration.ofMillis(standInPace), console, token));
        } catch (OperationCancelledException e) {
            err().println("hip-packager: build cancelled.");
            return Cli.FAILED;
        } finally {
            console.close();
        }
        print(out, result);
        return Cli.exitCode(!result.success());
    }

    /**
     * Builds {@code plan} on the command's build machine as the wizard's build step does: the real
     * script on a local Windows machine, the stand-in elsewhere. The checkout's build-script
     * parameters are read here, once; shared with {@code package}.
     */
    static BuildResult build(BaseCommand command, ReleasePlan plan, Duration standInPace, OperationListener listener,
                             CancellationToken token) throws PackagerException, OperationCancelledException {
        CheckoutInspector checkout = new CheckoutInspector();
        BuildScriptFacts script = checkout.scriptFacts(command.host(), plan);
        BuildService service = BuildService.forHost(command.host(), standInPace);
        return service.run(new BuildRequest(plan, script, checkout.revision(command.host(), plan.source())), listener, token);
    }

    private static void print(PrintWriter out, BuildResult r) {
        out.println();
        FindingsText.print(out, r.findings());
        if (r.cancelled()) {
            out.println("Build cancelled. Log: " + r.logFile());
        } else if (r.success()) {
            out.println("Build succeeded" + (r.standIn() ? " (stand-in build: sample binaries, nothing compiled)" : "") + ":");
            r.outputs().forEach(o -> out.println("  " + o));
            out.println("Log: " + r.logFile());
        } else {
            out.println("Build failed. Log: " + r.logFile());
        }
        out.flush();
    }
}
