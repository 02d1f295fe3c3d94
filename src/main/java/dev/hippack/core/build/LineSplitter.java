package dev.hippack.core.build;

import java.io.IOException;
import java.io.Reader;
import java.util.function.Consumer;

/**
 * Cuts decoded output into lines at {@code \n}, {@code \r\n} or a lone {@code \r}. A line longer
 * than {@code maxChars} is handed on in pieces, so a child that never prints a newline cannot
 * make us hold its whole output in memory.
 */
final class LineSplitter {

    static final int DEFAULT_MAX_CHARS = 16 * 1024;

    private final int maxChars;

    LineSplitter(int maxChars) {
        if (maxChars < 1) {
            throw new IllegalArgumentException("maxChars must be positive");
        }
        this.maxChars = maxChars;
    }

    /** Reads {@code in} to its end, giving each line to {@code sink}; returns how many lines it gave. */
    long split(Reader in, Consumer<String> sink) throws IOException {
        char[] buf = new char[8192];
        StringBuilder line = new StringBuilder(128);
        boolean afterCr = false;
        long count = 0;
        int n;
        while ((n = in.read(buf)) >= 0) {
            for (int i = 0; i < n; i++) {
                char c = buf[i];
                if (c == '\n') {
                    if (!afterCr) {
                        sink.accept(line.toString());
                        count++;
                    }
                    line.setLength(0);
                    afterCr = false;
                } else if (c == '\r') {
                    sink.accept(line.toString());
                    count++;
                    line.setLength(0);
                    afterCr = true;
                } else {
                    afterCr = false;
                    line.append(c);
                    if (line.length() >= maxChars) {
                        sink.accept(line.toString());
                        count++;
                        line.setLength(0);
                    }
                }
            }
            if (line.capacity() > 4 * maxChars && line.length() == 0) {
                line = new StringBuilder(128);
            }
        }
        if (line.length() > 0) {
            sink.accept(line.toString());
            count++;
        }
        return count;
    }
}
