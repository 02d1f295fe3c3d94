package dev.hippack.core.host;

import dev.hippack.core.ByteSize;
import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.io.SmallFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * A short query run on this machine (vswhere, amdgpu-arch, git describe): both streams read to
 * the end on their own threads so neither pipe fills up, stopped with its descendants when it
 * takes longer than its timeout. Long work (the build) runs through {@code core.build} instead.
 */
final class LocalCommand {

    /**
     * The most a query may print on one stream (and the most a recorded output may hold): vswhere's
     * JSON for a dozen instances is some tens of KiB, so more means something else is running.
     */
    static final int MAX_OUTPUT_BYTES = 4 << 20;

    private LocalCommand() { }

    static CommandOutput run(ProcessBuilder pb, Duration timeout, Charset charset) throws PackagerException {
        String program = pb.command().get(0);
        Process process;
        try {
            process = pb.redirectInput(ProcessBuilder.Redirect.PIPE).start();
            process.getOutputStream().close();
        } catch (IOException e) {
            throw new OperationFailedException("Could not start " + program + ": " + SmallFile.why(e));
        }
        CompletableFuture<byte[]> out = drain(process.getInputStream());
        CompletableFuture<byte[]> err = drain(process.getErrorStream());
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                stop(process);
                throw new OperationFailedException(program + " did not finish within " + timeout.toSeconds() + " s and was stopped.");
            }
            byte[] stdout = out.get();
            byte[] stderr = err.get();
            if (stdout.length > MAX_OUTPUT_BYTES || stderr.length > MAX_OUTPUT_BYTES) {
                throw new OperationFailedException(program + " printed more than " + ByteSize.of(MAX_OUTPUT_BYTES) + " on "
                        + (stdout.length > MAX_OUTPUT_BYTES ? "stdout" : "stderr")
                        + ", more than HIP Packager reads of a query's output; run it by hand to see what it prints.");
            }
            return new CommandOutput(process.exitValue(), new String(stdout, charset), new String(stderr, charset), false);
        } catch (InterruptedException e) {
            stop(process);
            Thread.currentThread().interrupt();
            throw new OperationFailedException(program + " was interrupted.");
        } catch (ExecutionException e) {
            throw new OperationFailedException("Could not read the output of " + program + ": "
                    + (e.getCause() instanceof IOException io ? SmallFile.why(io) : String.valueOf(e.getCause())));
        }
    }

    private static void stop(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private static CompletableFuture<byte[]> drain(InputStream in) {
        CompletableFuture<byte[]> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try (in) {
                // Keeps one byte past the limit, to tell, and reads the rest away so the program never blocks on a full pipe.
                byte[] kept = in.readNBytes(MAX_OUTPUT_BYTES + 1);
                in.transferTo(OutputStream.nullOutputStream());
                f.complete(kept);
            } catch (IOException e) {
                f.completeExceptionally(e);
            }
        }, "host-command-reader");
        t.setDaemon(true);
        t.start();
        return f;
    }
}
