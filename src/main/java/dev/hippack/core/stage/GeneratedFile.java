package dev.hippack.core.stage;

import java.util.Objects;

/** A file HIP Packager writes itself (the README, the sample server.json), with its text. */
public record GeneratedFile(String path, String content) {

    public GeneratedFile {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(content, "content");
    }
}
