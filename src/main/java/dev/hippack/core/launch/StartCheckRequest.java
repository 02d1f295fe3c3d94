package dev.hippack.core.launch;

import dev.hippack.core.host.Host;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What to start: every executable in the top level of a staged package folder, on the machine
 * that staged it.
 *
 * @param packageDir the staged folder (a local path)
 * @param host       the build machine; only a local Windows machine can run the executables
 * @param skip       the user turned the check off ({@code --no-start-check})
 */
public record StartCheckRequest(Path packageDir, Host host, boolean skip) {

    public StartCheckRequest {
        Objects.requireNonNull(packageDir, "packageDir");
        Objects.requireNonNull(host, "host");
    }
}
