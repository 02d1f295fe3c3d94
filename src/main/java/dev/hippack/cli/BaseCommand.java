package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.host.Host;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * What every subcommand shares: {@code --help} and {@code --version}, the exit-code footer, the
 * root's global options ({@code --host}, {@code --demo}) and what they give (the build machine,
 * the sample profile), the embedded catalog (loaded once per command line), stdout and stderr,
 * and running work that Ctrl-C cancels. A subcommand writes only {@link #run()}; the exit code of
 * an exception is decided in one place, {@link Cli}.
 */
@Command(mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        footer = {"", Cli.EXIT_CODES})
abstract class BaseCommand implements Callable<Integer> {

    /** How long Ctrl-C waits for cancelled work to clean up (end a process tree, remove a partial file). */
    static final long CTRL_C_GRACE_SECONDS = 20;

    @Spec
    CommandSpec spec;

    @ParentCommand
    HipPackagerCommand root;

    /** The command's work; its return value is the exit code ({@link Cli#OK} or {@link Cli#FAILED}). */
    protected abstract int run() throws PackagerException, OperationCancelledException;

    @Override
    public final Integer call() throws PackagerException, OperationCancelledException {
        return run();
    }

    /** The result: what a script reads (valid JSON under {@code --json}). */
    final PrintWriter out() {
        return spec.commandLine().getOut();
    }

    /** Progress, warnings and notes: never part of the result. */
    final PrintWriter err() {
        return spec.commandLine().getErr();
    }

    final Catalog catalog() {
        return root.catalog();
    }

    final Host host() throws PackagerException {
        return root.host();
    }

    /** The profile file given, or under {@code --demo} the sample's; bad input without either. */
    final Path profileFile(ProfileOption option) throws PackagerException {
        return root.profileOrDemoDefault(option.file);
    }

    /**
     * The release plan in {@link #profileFile}, checked as {@code ProfileStore} checks it: the
     * profile's one package, or the one {@code --package} names in a profile of several.
     */
    final ReleasePlan loadProfile(ProfileOption option) throws PackagerException {
        return root.profiles().load(profileFile(option), option.packageName);
    }

    /** Under {@code --demo}: {@code out} must be given and lie outside the temporary sample (see {@link TemporarySample}). */
    final void requireOutputOutsideSample(Path out) throws PackagerException {
        root.requireOutsideSample(out);
    }

    /** Prints {@code value} as this command's {@code --json} result. */
    final void printJson(Object value) {
        JsonOutput.print(out(), value);
    }

    /** Work that Ctrl-C may cancel through the token it is given. */
    @FunctionalInterface
    interface CancellableWork<T> {
        T run(CancellationToken token) throws PackagerException, OperationCancelledException;
    }

    /**
     * Runs {@code work} so that Ctrl-C cancels its token and the JVM waits (up to a grace period)
     * until the work has cleaned up: a build's whole process tree is ended, a partial zip removed.
     */
    final <T> T cancellableByCtrlC(CancellableWork<T> work) throws PackagerException, OperationCancelledException {
        Lock writing = root.work();
        writing.lock();
        try {
            return cancellable(work);
        } finally {
            // Ctrl-C removes the --demo sample only once this is released: the work has cleaned up.
            writing.unlock();
        }
    }

    private <T> T cancellable(CancellableWork<T> work) throws PackagerException, OperationCancelledException {
        CancellationToken token = new CancellationToken();
        HipPackagerCommand commandLine = root;
        Thread onCtrlC = new Thread(() -> {
            token.cancel();
            try {
                // The JVM exits when this hook returns: wait until the work has cleaned up and the
                // command line has said how it ended ("cancelled."), which comes after the work returns.
                commandLine.awaitEnd(CTRL_C_GRACE_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "hippack-ctrl-c");
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        try {
            return work.run(token);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C came in: the hook is running and waits until the command line has ended.
            }
        }
    }
}
