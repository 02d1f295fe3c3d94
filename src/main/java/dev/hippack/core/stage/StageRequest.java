package dev.hippack.core.stage;

import java.nio.file.Path;
import java.util.Objects;

/** Stage {@code layout} as {@code outputDir/<package name>/}. */
public record StageRequest(PackageLayout layout, Path outputDir) {

    public StageRequest {
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(outputDir, "outputDir");
    }
}
