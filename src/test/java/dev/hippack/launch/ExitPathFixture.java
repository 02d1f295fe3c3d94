package dev.hippack.launch;

import dev.hippack.Main;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A child JVM for {@link ChildProcessesTest}: starts a process tree as a build does (a shell and a
 * long command under it), prints their pids, then leaves the way the mode says: through
 * {@link Main#main} (a command that ends, as the window closing does) or by waiting for a signal
 * with the hook Main installs (Ctrl-C).
 */
public final class ExitPathFixture {

    private ExitPathFixture() { }

    public static void main(String[] args) throws IOException, InterruptedException {
        Process shell = new ProcessBuilder("sh", "-c", "sleep 600 & echo $!; wait").start();
        String grandchild = new BufferedReader(new InputStreamReader(shell.getInputStream(), StandardCharsets.US_ASCII)).readLine();
        System.out.println("tree " + shell.pid() + " " + grandchild);
        System.out.flush();
        switch (args[0]) {
            case "main" -> Main.main(new String[] {"--version"});
            case "signal" -> {
                ChildProcesses.ofThisProcess().endOnShutdown(Duration.ofMillis(100));
                System.out.println("waiting");
                System.out.flush();
                Thread.sleep(Duration.ofMinutes(10).toMillis());
            }
            case "plain-exit" -> System.exit(0);
            default -> throw new IllegalArgumentException(args[0]);
        }
    }
}
