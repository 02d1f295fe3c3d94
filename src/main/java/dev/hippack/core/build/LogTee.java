package dev.hippack.core.build;

import dev.hippack.core.progress.ForwardingListener;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationListener;

/**
 * Sends every log line both to a listener and to the log file, one line at a time, so the file
 * and the screen see the same lines in the same order. Progress and status pass through.
 */
public final class LogTee extends ForwardingListener {

    private final LogFile file;

    public LogTee(LogFile file, OperationListener listener) {
        super(listener);
        this.file = file;
    }

    @Override
    public synchronized void log(LogLine line) {
        file.write(line);
        super.log(line);
    }
}
