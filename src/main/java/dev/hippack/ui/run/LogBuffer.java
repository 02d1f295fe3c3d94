package dev.hippack.ui.run;

import dev.hippack.core.progress.LogLine;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Takes log lines from any thread and hands them to the FX thread in batches. Worker threads
 * {@link #offer} into a lock-free queue (and into the log file, which keeps everything); the FX
 * thread calls {@link #flush} about every 50 ms, which moves the whole queue into
 * {@link #lines()} with one removal and one {@code addAll}. {@code lines()} never holds more than
 * {@code capacity} lines: the oldest are dropped from the screen (not from the file). If the FX
 * thread falls behind, the queue too stops growing at a few times the capacity.
 */
public final class LogBuffer implements AutoCloseable {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    private final int capacity;
    private final int maxQueued;
    private final ConcurrentLinkedQueue<LogLine> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong droppedFromScreen = new AtomicLong();
    private final ObservableList<LogLine> lines = FXCollections.observableArrayList();
    private final Object fileLock = new Object();
    private Path file;
    private BufferedWriter writer;
    private String fileError;

    public LogBuffer(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1");
        }
        this.capacity = capacity;
        this.maxQueued = capacity * 4;
    }

    /**
     * Starts writing every following line to {@code file} (created or truncated). A file that
     * cannot be opened is reported by {@link #fileError()}; the on-screen log keeps working.
     */
    public void writeTo(Path file) {
        synchronized (fileLock) {
            closeFile();
            this.file = file;
            this.fileError = null;
            try {
                Files.createDirectories(file.toAbsolutePath().getParent());
                writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                writer = null;
                fileError = "Cannot write the log file " + file + ": " + e.getMessage();
            }
        }
    }

    /** Called from any thread. */
    public void offer(LogLine line) {
        received.incrementAndGet();
        synchronized (fileLock) {
            if (writer != null) {
                try {
                    writer.write(format(line));
                    writer.newLine();
                } catch (IOException e) {
                    fileError = "Writing the log file " + file + " failed: " + e.getMessage();
                    closeFile();
                }
            }
        }
        queue.add(line);
        // Keep the queue bounded when the FX thread cannot keep up: the screen shows only the
        // newest lines anyway, and the file has them all.
        if (queued.incrementAndGet() > maxQueued && queue.poll() != null) {
            queued.decrementAndGet();
            droppedFromScreen.incrementAndGet();
        }
    }

    /**
     * Moves everything queued into {@link #lines()}; call on the FX thread. Returns the number
     * of lines that arrived since the last flush.
     */
    public int flush() {
        List<LogLine> batch = new ArrayList<>(Math.min(queued.get(), maxQueued) + 16);
        LogLine l;
        while ((l = queue.poll()) != null) {
            batch.add(l);
        }
        if (batch.isEmpty()) {
            return 0;
        }
        queued.addAndGet(-batch.size());
        append(batch);
        return batch.size();
    }

    private void append(List<LogLine> batch) {
        if (batch.size() >= capacity) {
            droppedFromScreen.addAndGet(lines.size() + batch.size() - capacity);
            // clear() and addAll(), not setAll(): ListView answers a "replaced" change by marking
            // every replaced row dirty one by one, each mark requesting a layout up the whole
            // scene graph, which made each flush of a flood cost thousands of layout requests.
            lines.clear();
            lines.addAll(batch.subList(batch.size() - capacity, batch.size()));
            return;
        }
        int overflow = lines.size() + batch.size() - capacity;
        if (overflow > 0) {
            droppedFromScreen.addAndGet(overflow);
            lines.remove(0, overflow);
        }
        lines.addAll(batch);
    }

    /** Empties the screen list and the queue (a new run starts); the file is left as it is. */
    public void clear() {
        queue.clear();
        queued.set(0);
        lines.clear();
        droppedFromScreen.set(0);
        received.set(0);
    }

    /** The newest lines, at most {@code capacity}; change it only through this buffer. */
    public ObservableList<LogLine> lines() {
        return lines;
    }

    public int capacity() {
        return capacity;
    }

    /** Lines no longer on screen (still in the file). */
    public long droppedFromScreen() {
        return droppedFromScreen.get();
    }

    public long received() {
        return received.get();
    }

    /** Lines waiting for the next flush. */
    public int queued() {
        return Math.max(0, queued.get());
    }

    /** The log file, after writing out what is buffered; null when none was set. */
    public Path file() {
        synchronized (fileLock) {
            if (writer != null) {
                try {
                    writer.flush();
                } catch (IOException e) {
                    fileError = "Writing the log file " + file + " failed: " + e.getMessage();
                }
            }
            return file;
        }
    }

    public String fileError() {
        synchronized (fileLock) {
            return fileError;
        }
    }

    public static String format(LogLine line) {
        return TIME.format(line.at()) + " " + line.level() + " " + line.text();
    }

    @Override
    public void close() {
        synchronized (fileLock) {
            closeFile();
        }
    }

    private void closeFile() {
        if (writer != null) {
            try {
                writer.close();
            } catch (IOException ignored) {
                // The lines written so far are on disk; nothing else to save.
            }
            writer = null;
        }
    }
}
