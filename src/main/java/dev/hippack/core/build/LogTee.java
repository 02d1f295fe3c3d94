package dev.hippack.core.build;

import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationListener;
import dev.hippack.core.progress.PartState;

/**
 * Sends every log line both to a listener and to the log file, one line at a time, so the file
 * and the screen see the same lines in the same order. Progress and status pass through.
 */
public final class LogTee implements OperationListener {

    private final LogFile file;
    private final OperationListener listener;

    public LogTee(LogFile file, OperationListener listener) {
        this.file = file;
        this.listener = listener;
    }

    @Override
    public synchronized void log(LogLine line) {
        file.write(line);
        listener.log(line);
    }

    @Override
    public void progress(long done, long total) {
        listener.progress(done, total);
    }

    @Override
    public void status(String text) {
        listener.status(text);
    }

    @Override
    public void part(String name, PartState state) {
        listener.part(name, state);
    }
}
