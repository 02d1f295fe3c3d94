package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.demo.SampleEnvironmentWriter;
import dev.hippack.core.host.Host;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.launch.GuiRequest;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The root command. Without a subcommand it starts the wizard. Subcommands ({@link BaseCommand})
 * reach the global options, and what is made once per command line from them (the build machine,
 * the sample environment, the catalog), through {@code @ParentCommand HipPackagerCommand root}.
 */
@Command(name = "hip-packager",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Builds, audits and zips audio.cpp HIP/ROCm packages for Windows.",
            "Without a command, starts the wizard."
        },
        footer = {"", Cli.EXIT_CODES},
        subcommands = {
            EstimateCommand.class,
            PlanCommand.class,
            ZipCommand.class,
            StageCommand.class,
            PackageCommand.class,
            PeCommand.class,
            AuditCommand.class,
            DemoEnvCommand.class,
            CiWorkflowCommand.class,
            DetectCommand.class,
            BuildCommand.class,
            DiffCommand.class,
            ReleaseCommand.class,
        })
public final class HipPackagerCommand implements Callable<Integer> {

    private final Consumer<GuiRequest> launchGui;
    /** Writes the {@code --demo} sample; null for the engine's writer. */
    private final TemporarySample.Writer sampleWriter;
    /** The environment variables commands read (the signing password): the process's, or a test's. */
    private final Map<String, String> environment;

    @Option(names = "--host", paramLabel = "DIR",
            description = "Describe another build machine: DIR/host.json gives its OS and environment.")
    Path hostDir;

    @Option(names = "--demo",
            description = "Run on a freshly generated sample Windows build machine in a temporary folder.")
    boolean demo;

    @Spec
    CommandSpec spec;

    /** Held while something writes into the sample: its writer, a command's cancellable work. */
    private final Lock work = new ReentrantLock();

    /** Counted down once the command line has said how it ended; Ctrl-C's hook waits for it. */
    private final CountDownLatch ended = new CountDownLatch(1);

    /** Made once per command line, on first use: the sample is written only when asked for. */
    private Host host;
    private TemporarySample sample;
    private Catalog catalog;
    private ProfileStore profiles;

    HipPackagerCommand(Consumer<GuiRequest> launchGui, TemporarySample.Writer sampleWriter, Map<String, String> environment) {
        this.launchGui = launchGui;
        this.sampleWriter = sampleWriter;
        this.environment = environment;
    }

    Map<String, String> environment() {
        return environment;
    }

    public Path hostDir() {
        return hostDir;
    }

    public boolean demo() {
        return demo;
    }

    /** The embedded catalog, read once per command line however many steps a command runs. */
    public Catalog catalog() {
        if (catalog == null) {
            catalog = CatalogLoader.embedded();
        }
        return catalog;
    }

    /** Reads and writes release profiles against {@link #catalog()}. */
    public ProfileStore profiles() {
        if (profiles == null) {
            profiles = new ProfileStore(catalog());
        }
        return profiles;
    }

    /**
     * The build machine the subcommand works on: with {@code --demo} a freshly written sample
     * environment (announced on stderr), with {@code --host DIR} the machine DIR/host.json
     * describes, otherwise this machine.
     */
    public Host host() throws PackagerException {
        if (host == null) {
            if (demo && hostDir != null) {
                throw new PackagerException("--demo and --host cannot be used together: --demo describes its own sample machine.");
            }
            if (demo) {
                host = Host.describe(sampleEnvironment().orElseThrow());
            } else if (hostDir != null) {
                host = Host.describe(hostDir);
            } else {
                host = Host.local();
            }
        }
        return host;
    }

    /**
     * With {@code --demo}: the folder of the sample environment, written on first call into a
     * temporary folder that {@link #removeSample()} removes when the command line ends. Empty otherwise.
     */
    public Optional<Path> sampleEnvironment() throws PackagerException {
        if (!demo) {
            return Optional.empty();
        }
        if (sample == null) {
            sample = TemporarySample.write(sampleWriter != null ? sampleWriter : TemporarySample.standard(catalog()), err(), work);
        }
        return Optional.of(sample.machine());
    }

    /** Held while a command's cancellable work runs, so that Ctrl-C removes the sample only after it has stopped. */
    Lock work() {
        return work;
    }

    /** The command line has printed its last word: Ctrl-C's hook may let the JVM exit. */
    void end() {
        ended.countDown();
    }

    void awaitEnd(long time, TimeUnit unit) throws InterruptedException {
        ended.await(time, unit);
    }

    /** Removes the sample of {@code --demo}, if one was written, and says so; the command line has ended. */
    void removeSample() {
        if (sample != null) {
            sample.remove();
            err().println("hip-packager: --demo: removed the sample machine " + sample.machine() + ".");
            err().flush();
            sample = null;
        }
    }

    /**
     * Under {@code --demo} a command's result must not go into the sample, which is removed when
     * the command ends: {@code out} must be given, and outside it. Checked before any work starts.
     */
    void requireOutsideSample(Path out) throws PackagerException {
        if (!demo) {
            return;
        }
        if (out == null) {
            throw new PackagerException("--demo: give --out DIR (for example --out demo-output). The sample profile's output folder (C:\\release) is inside the"
                    + " temporary sample machine, which is removed when the command ends, and the package with it.");
        }
        if (sample != null && sample.contains(out)) {
            throw new PackagerException("--demo: --out " + out + " is inside the temporary sample machine, which is removed"
                    + " when the command ends; give a folder outside it.");
        }
    }

    /**
     * The profile a command was given, or under {@code --demo} the sample's {@code profiles/rocm6.json}.
     * Without either it is bad input naming the option.
     */
    public Path profileOrDemoDefault(Path profile) throws PackagerException {
        if (profile != null) {
            return profile;
        }
        Optional<Path> sample = sampleEnvironment();
        if (sample.isPresent()) {
            return sample.get().resolve("profiles").resolve("rocm6.json");
        }
        throw new PackagerException("Missing --profile FILE (a release profile JSON). With --demo it defaults to the sample's profiles/rocm6.json.");
    }

    /** The release profile a command was given, or under {@code --demo} the sample's {@code profiles/release.json} (both tracks). */
    public Path releaseProfileOrDemoDefault(Path profile) throws PackagerException {
        if (profile != null) {
            return profile;
        }
        Optional<Path> sample = sampleEnvironment();
        if (sample.isPresent()) {
            return sample.get().resolve("profiles").resolve(SampleEnvironmentWriter.RELEASE_PROFILE);
        }
        throw new PackagerException("Missing --profile FILE (a release profile JSON). With --demo it defaults to the sample's"
                + " profiles/" + SampleEnvironmentWriter.RELEASE_PROFILE + " (both tracks).");
    }

    /** Where commands print notes that are not their result (the sample announcement). */
    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    @Override
    public Integer call() {
        launchGui.accept(new GuiRequest(demo, hostDir));
        return Cli.OK;
    }
}
