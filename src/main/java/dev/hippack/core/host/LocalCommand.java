package dev.hippack.core.host;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
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

    private LocalCommand() { }

    static CommandOutput run(ProcessBuilder pb, Duration timeout, Charset charset) throws PackagerException {
        String program = pb.command().get(0);
        Process process;
        try {
            process = pb.redirectInput(ProcessBuilder.Redirect.PIPE).start();
            process.getOutputStream().close();
        } catch (IOException e) {
            throw new OperationFailedException("Could not start " + program + ": " + e.getMessage());
        }
        CompletableFuture<byte[]> out = drain(process.getInputStream());
        CompletableFuture<byte[]> err = drain(process.getErrorStream());
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                stop(process);
                throw new OperationFailedException(program + " did not finish within " + timeout.toSeconds() + " s and was stopped.");
            }
            return new CommandOutput(process.exitValue(), new String(out.get(), charset), new String(err.get(), charset), false);
        } catch (InterruptedException e) {
            stop(process);
            Thread.currentThread().interrupt();
            throw new OperationFailedException(program + " was interrupted.");
        } catch (ExecutionException e) {
            throw new OperationFailedException("Could not read the output of " + program + ": " + e.getCause().getMessage());
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
                ByteArrayOutputStream buf = new ByteArrayOutputStream();
                in.transferTo(buf);
                f.complete(buf.toByteArray());
            } catch (IOException e) {
                f.completeExceptionally(e);
            }
        }, "host-command-reader");
        t.setDaemon(true);
        t.start();
        return f;
    }
}
