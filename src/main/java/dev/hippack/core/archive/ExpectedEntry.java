package dev.hippack.core.archive;

import java.util.Objects;

/**
 * What one zip entry must hold: its name inside the zip ({@code root/sub/file.dll}, directories
 * end in {@code /}), and for files the size and CRC-32 of the content it was made from.
 */
public record ExpectedEntry(String name, boolean directory, long size, long crc) {

    public ExpectedEntry {
        Objects.requireNonNull(name, "name");
        if (directory != name.endsWith("/")) {
            throw new IllegalArgumentException("a directory entry name ends in '/', a file's does not: " + name);
        }
    }

    public static ExpectedEntry directory(String name) {
        return new ExpectedEntry(name, true, 0, 0);
    }

    public static ExpectedEntry file(String name, long size, long crc) {
        return new ExpectedEntry(name, false, size, crc);
    }
}
