package dev.hippack.core.host;

/**
 * What a short command printed. {@code recorded} is true when a described host answered from a
 * recorded output listed in its host.json instead of running the program.
 */
public record CommandOutput(int exitCode, String stdout, String stderr, boolean recorded) {

    public boolean succeeded() {
        return exitCode == 0;
    }
}
