package dev.hippack.launch;

import dev.hippack.core.build.ProcessTree;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The processes this application started, ended before it exits. On Windows a child does not end
 * with its parent: after the window closed or Ctrl-C, PowerShell, cmake, ninja and clang would go on
 * compiling invisibly and hold the build folder. Every way out (the window closed, a command done,
 * Ctrl-C or a log-off) ends each child's tree, deepest first, and waits for it, bounded by the
 * grace period plus a few seconds for forcible ends ({@link ProcessTree}).
 * <p>
 * Spared: a program that opens a document or folder for the user ({@code xdg-open}, {@code gio},
 * {@code explorer.exe}, ...), which "Open folder" may leave as our child on Linux; the user's file
 * manager is theirs, not ours to close.
 */
public final class ChildProcesses {

    /** How long a stopped child may take before it is ended forcibly. */
    public static final Duration GRACE = Duration.ofSeconds(3);
    /**
     * On Ctrl-C, how long a command's own cancel gets to end its process tree in order (and say
     * so) before whatever is left is ended here.
     */
    public static final Duration HEAD_START = Duration.ofSeconds(5);

    /** The openers "Open folder" and "Open log" may start (JavaFX's HostServices, per desktop). */
    private static final Set<String> OPENERS = Set.of("xdg-open", "gio", "gvfs-open", "gnome-open", "kde-open", "kde-open5",
            "kfmclient", "exo-open", "open", "explorer.exe", "rundll32.exe");

    private final ProcessHandle self;
    private final ProcessTree tree;
    private final Consumer<String> say;

    public ChildProcesses(ProcessHandle self, ProcessTree tree, Consumer<String> say) {
        this.self = self;
        this.tree = tree;
        this.say = say;
    }

    /** This process's children, messages to the run log's logger. */
    public static ChildProcesses ofThisProcess() {
        System.Logger log = System.getLogger(ChildProcesses.class.getName());
        return new ChildProcesses(ProcessHandle.current(), new ProcessTree(GRACE),
                m -> log.log(System.Logger.Level.INFO, m));
    }

    /**
     * Ends every child process tree now and returns once they are gone or given up on.
     *
     * @return how many processes could not be ended
     */
    public int end() {
        return tree.terminateDescendants(self, ChildProcesses::opensForTheUser, say);
    }

    /**
     * Installs a shutdown hook for the ways out that do not pass through {@link #end} (Ctrl-C,
     * log-off, an exit from elsewhere): it gives the children {@code headStart} to end on their
     * own, then ends what is left.
     */
    public Thread endOnShutdown(Duration headStart) {
        Thread hook = new Thread(() -> {
            waitForChildren(headStart);
            end();
        }, "hippack-end-children");
        Runtime.getRuntime().addShutdownHook(hook);
        return hook;
    }

    private void waitForChildren(Duration headStart) {
        long deadline = System.nanoTime() + headStart.toNanos();
        List<ProcessHandle> children = self.children().toList();
        for (ProcessHandle child : children) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                child.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                // Still running after the head start: ended just after.
            }
        }
    }

    static boolean opensForTheUser(ProcessHandle child) {
        return child.info().command()
                .map(c -> Path.of(c).getFileName().toString().toLowerCase(Locale.ROOT))
                .filter(OPENERS::contains)
                .isPresent();
    }
}
