package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.build.BuildRequest;
import dev.hippack.core.build.BuildResult;
import dev.hippack.core.build.BuildService;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.detect.Checkout;
import dev.hippack.core.detect.CheckoutInspector;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.host.Host;
import dev.hippack.core.plan.BuildScriptFacts;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.core.progress.CancellationToken;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code hip-packager build}: runs the build script for every binary of a profile, log on stdout, progress on stderr. */
@Command(name = "build",
        sortOptions = false,
        description = {
            "Builds audiocpp_cli and audiocpp_server with scripts\\build_windows_hip.ps1 in the profile's",
            "MSVC environment (vcvarsall x64 -vcvars_ver=<toolset>), then checks the outputs and CMakeCache.txt.",
            "The log goes to stdout and to <BuildDir>\\hip-packager-build.log; progress to stderr.",
            "Where Windows PowerShell cannot run (--demo, --host, Linux) a stand-in build runs instead.",
            "Ctrl-C cancels the build and ends its whole process tree."
        })
public final class BuildCommand implements Callable<Integer> {

    @ParentCommand
    HipPackagerCommand root;

    @Spec
    CommandSpec spec;

    @Option(names = "--profile", paramLabel = "FILE",
            description = "The release profile (JSON). With --demo: the sample's rocm6.json.")
    Path profile;

    @Option(names = "--stand-in-pace", paramLabel = "MILLIS", defaultValue = "20",
            description = "Stand-in build only: milliseconds per build step (default: ${DEFAULT-VALUE}; 0 = as fast as it can).")
    long standInPace;

    @Override
    public Integer call() throws PackagerException {
        if (standInPace < 0) {
            throw new PackagerException("--stand-in-pace must be 0 or more, not " + standInPace + ".");
        }
        Path profileFile = root.profileOrDemoDefault(profile);
        ReleasePlan plan = new ProfileStore(CatalogLoader.embedded()).load(profileFile);
        Host host = root.host();
        BuildScriptFacts script = scriptFacts(host, plan);

        BuildService service = BuildService.forHost(host, Duration.ofMillis(standInPace));
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        BuildProgressLine console = new BuildProgressLine(out, err, System.console() != null);

        CancellationToken token = new CancellationToken();
        CountDownLatch finished = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            token.cancel();
            try {
                // The JVM exits when this hook returns: wait until the tree is gone and the log says so.
                finished.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "hippack-build-ctrl-c");
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        BuildResult result;
        try {
            result = service.run(new BuildRequest(plan, script), console, token);
        } catch (dev.hippack.core.progress.OperationCancelledException e) {
            err.println("hip-packager: build cancelled.");
            return Cli.FAILED;
        } finally {
            console.close();
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C came in: the hook is running and waits for the latch above.
            }
        }
        print(out, result);
        return result.success() ? Cli.OK : Cli.FAILED;
    }

    /** What the checkout's build script supports, as detection reads it; refused when there is no script. */
    private static BuildScriptFacts scriptFacts(Host host, ReleasePlan plan) throws PackagerException {
        if (plan.source() == null || plan.source().isBlank()) {
            throw new PackagerException("The profile names no audio.cpp checkout (\"source\"); set it and build again.");
        }
        List<Finding> findings = new ArrayList<>();
        Checkout checkout = new CheckoutInspector().inspect(host, plan.source(), findings);
        return checkout.scriptFacts().orElseThrow(() -> new PackagerException(findings.stream()
                .filter(Finding::isError).map(f -> f.message() + " " + (f.fix() == null ? "" : f.fix()))
                .findFirst().orElse("The checkout " + plan.source() + " has no " + CheckoutInspector.SCRIPT + ".")));
    }

    private static void print(PrintWriter out, BuildResult r) {
        out.println();
        for (Finding f : r.findings()) {
            out.printf(Locale.ROOT, "%-7s %-18s %s%n", f.severity().json().toUpperCase(Locale.ROOT), f.id(), f.message());
            if (f.fix() != null) {
                out.println("        Fix: " + f.fix());
            }
        }
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
