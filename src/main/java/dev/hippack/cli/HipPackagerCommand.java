package dev.hippack.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The root command. Without a subcommand it starts the wizard. Subcommands reach the global
 * options through {@code @ParentCommand HipPackagerCommand root}.
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
        footer = {
            "",
            "Exit codes: 0 success, 1 the work ran and found errors or failed, 2 bad usage or input."
        },
        subcommands = {
        })
public final class HipPackagerCommand implements Callable<Integer> {

    private final Consumer<GuiRequest> launchGui;

    @Option(names = "--host", paramLabel = "DIR",
            description = "Describe another build machine: DIR/host.json gives its OS and environment.")
    Path hostDir;

    @Option(names = "--demo",
            description = "Run on a freshly generated sample Windows build machine in a temporary folder.")
    boolean demo;

    HipPackagerCommand(Consumer<GuiRequest> launchGui) {
        this.launchGui = launchGui;
    }

    public Path hostDir() {
        return hostDir;
    }

    public boolean demo() {
        return demo;
    }

    @Override
    public Integer call() {
        launchGui.accept(new GuiRequest(demo, hostDir));
        return Cli.OK;
    }
}
