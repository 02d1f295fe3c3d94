package dev.hippack.core.audit.pe;

import dev.hippack.core.PackagerException;

/**
 * A file the PE reader cannot read: not a PE file, truncated, or with a header field or table
 * that points outside the file. The message names the file and what is wrong.
 */
public final class PeFormatException extends PackagerException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final String problem;

    public PeFormatException(String file, String problem) {
        super(file + ": " + problem);
        this.file = file;
        this.problem = problem;
    }

    public PeFormatException(String file, String problem, Throwable cause) {
        super(file + ": " + problem, cause);
        this.file = file;
        this.problem = problem;
    }

    public String file() {
        return file;
    }

    /** What is wrong, without the file name. */
    public String problem() {
        return problem;
    }
}
