package dev.hippack.core.build;

import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationListener;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs one child process: one reader thread per stream hands each decoded line, with its time
 * and stream, to the listener (and the log file, if the spec names one) as soon as it is read.
 * Nothing is queued, so memory stays bounded however much the child prints: a slow listener
 * slows the child down instead. Lines of one stream keep their order. Cancel ends the whole
 * process tree and says so in the log.
 */
public final class ProcessRunner {

    /** How long output may stay open after the process exited (a leftover grandchild holding the pipe). */
    private static final Duration DRAIN_AFTER_EXIT = Duration.ofSeconds(10);

    private final Duration grace;
    private final int maxLineChars;

    /** A runner that gives cancelled processes {@code grace} to stop before ending them forcibly. */
    public ProcessRunner(Duration grace) {
        this(grace, LineSplitter.DEFAULT_MAX_CHARS);
    }

    ProcessRunner(Duration grace, int maxLineChars) {
        this.grace = grace;
        this.maxLineChars = maxLineChars;
    }

    /**
     * Starts the process and returns when it and its output have ended. A cancelled run returns
     * a result with {@code cancelled} set once the tree is gone (or given up on).
     *
     * @throws IOException when the program cannot be started or the log file cannot be written
     */
    public ProcessResult run(ProcessSpec spec, OperationListener listener, CancellationToken token) throws IOException {
        if (spec.logFile() == null) {
            return runTo(spec, listener, token);
        }
        try (LogFile log = LogFile.append(spec.logFile())) {
            return runTo(spec, new LogTee(log, listener), token);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private ProcessResult runTo(ProcessSpec spec, OperationListener out, CancellationToken token) throws IOException {
        if (token.isCancelled()) {
            out.log(LogLine.tool(LogLine.Level.WARN, "Cancelled before " + spec.command().get(0) + " started."));
            return new ProcessResult(-1, true, 0, 0, 0);
        }
        ProcessBuilder pb = new ProcessBuilder(spec.command());
        if (spec.workingDir() != null) {
            pb.directory(spec.workingDir().toFile());
        }
        Map<String, String> env = pb.environment();
        if (spec.replaceEnvironment()) {
            env.clear();
        }
        env.putAll(spec.environment());

        Object listenerLock = new Object();
        OperationListener serial = new OperationListener() {
            @Override public void log(LogLine line) {
                synchronized (listenerLock) {
                    out.log(line);
                }
            }
        };

        Process process = pb.start();
        process.getOutputStream().close();
        AtomicBoolean cancelled = new AtomicBoolean();
        AtomicInteger leftAlive = new AtomicInteger();
        Thread[] killer = new Thread[1];
        Runnable onCancel = () -> {
            cancelled.set(true);
            Thread t = new Thread(() -> {
                serial.log(LogLine.tool(LogLine.Level.WARN, "Cancel requested: ending the process tree of pid " + process.pid() + "."));
                leftAlive.set(new ProcessTree(grace).terminate(process.toHandle(),
                        msg -> serial.log(LogLine.tool(LogLine.Level.WARN, msg))));
            }, "hippack-cancel-" + process.pid());
            t.setDaemon(true);
            synchronized (killer) {
                killer[0] = t;
            }
            t.start();
        };

        AtomicLong outLines = new AtomicLong();
        AtomicLong errLines = new AtomicLong();
        IOException[] readFailure = new IOException[1];
        Thread outReader = reader(process.getInputStream(), LogLine.Source.STDOUT, spec, serial, outLines, readFailure, process.pid());
        Thread errReader = reader(process.getErrorStream(), LogLine.Source.STDERR, spec, serial, errLines, readFailure, process.pid());
        outReader.start();
        errReader.start();
        token.onCancel(onCancel);
        try {
            int code;
            try {
                code = process.waitFor();
            } catch (InterruptedException e) {
                // Our own thread was interrupted: treat it as a cancel so no orphan build keeps running.
                token.cancel();
                Thread.currentThread().interrupt();
                code = waitUninterruptibly(process);
            }
            join(outReader, errReader, serial);
            Thread k;
            synchronized (killer) {
                k = killer[0];
            }
            if (k != null) {
                joinUninterruptibly(k);
            }
            if (readFailure[0] != null && !cancelled.get()) {
                throw readFailure[0];
            }
            if (cancelled.get()) {
                serial.log(LogLine.tool(LogLine.Level.WARN, "Cancelled."));
            }
            return new ProcessResult(code, cancelled.get(), leftAlive.get(), outLines.get(), errLines.get());
        } finally {
            token.removeOnCancel(onCancel);
        }
    }

    private Thread reader(InputStream stream, LogLine.Source source, ProcessSpec spec, OperationListener sink,
                          AtomicLong counter, IOException[] failure, long pid) {
        Thread t = new Thread(() -> {
            InputStreamReader decoder = new InputStreamReader(stream, spec.charset().newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE));
            try (decoder) {
                new LineSplitter(maxLineChars).split(decoder, text -> {
                    counter.incrementAndGet();
                    sink.log(new LogLine(Instant.now(), LogLine.Level.INFO, source, text));
                });
            } catch (IOException e) {
                synchronized (failure) {
                    failure[0] = e;
                }
            }
        }, "hippack-" + source.name().toLowerCase(Locale.ROOT) + "-" + pid);
        t.setDaemon(true);
        return t;
    }

    private static void join(Thread outReader, Thread errReader, OperationListener sink) {
        long deadline = System.nanoTime() + DRAIN_AFTER_EXIT.toNanos();
        for (Thread t : new Thread[] {outReader, errReader}) {
            long left = Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
            try {
                t.join(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (outReader.isAlive() || errReader.isAlive()) {
            sink.log(LogLine.tool(LogLine.Level.WARN, "The process exited but a process it left behind still holds its output open;"
                    + " stopped reading it."));
        }
    }

    private static int waitUninterruptibly(Process process) {
        while (true) {
            try {
                return process.waitFor();
            } catch (InterruptedException e) {
                // Keep waiting: the tree is being ended and we must not leave before it is gone.
            }
        }
    }

    private static void joinUninterruptibly(Thread t) {
        while (true) {
            try {
                t.join();
                return;
            } catch (InterruptedException e) {
                // As above.
            }
        }
    }
}
