package dev.hippack.core.build;

/**
 * How a child process ended.
 *
 * @param exitCode   its exit code; meaningless when {@code cancelled}
 * @param cancelled  the run was cancelled and its process tree ended
 * @param leftAlive  processes of the tree still running after cancel gave up on them (0 normally)
 * @param stdoutLines lines read from standard output
 * @param stderrLines lines read from standard error
 */
public record ProcessResult(int exitCode, boolean cancelled, int leftAlive, long stdoutLines, long stderrLines) {

    public boolean succeeded() {
        return !cancelled && exitCode == 0;
    }
}
