package dev.hippack.core.build;

import dev.hippack.core.progress.LogLine;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.format.DateTimeFormatter;

/**
 * The whole log of a build on disk, in UTF-8, one line per {@link LogLine}: time, stream, text.
 * Memory stays small however long the log gets; the file is flushed at least every half second
 * so it can be followed while the build runs. Safe to call from several threads.
 */
public final class LogFile implements Closeable {

    private static final long FLUSH_NANOS = 500_000_000L;

    private final Path path;
    private final BufferedWriter writer;
    private long lastFlush = System.nanoTime();

    private LogFile(Path path, BufferedWriter writer) {
        this.path = path;
        this.writer = writer;
    }

    /** Opens {@code path} for appending, creating it and its folder when missing. */
    public static LogFile append(Path path) throws IOException {
        Path parent = path.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        return new LogFile(path, Files.newBufferedWriter(path, StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE));
    }

    public Path path() {
        return path;
    }

    public synchronized void write(LogLine line) {
        try {
            writer.write(DateTimeFormatter.ISO_INSTANT.format(line.at()));
            writer.write(' ');
            writer.write(tag(line.source()));
            writer.write(' ');
            writer.write(line.text());
            writer.newLine();
            long now = System.nanoTime();
            if (now - lastFlush > FLUSH_NANOS) {
                writer.flush();
                lastFlush = now;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the build log " + path, e);
        }
    }

    public synchronized void flush() throws IOException {
        writer.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        writer.close();
    }

    private static String tag(LogLine.Source source) {
        switch (source) {
            case STDOUT: return "out";
            case STDERR: return "err";
            default: return "---";
        }
    }
}
