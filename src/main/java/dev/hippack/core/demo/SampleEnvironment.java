package dev.hippack.core.demo;

import dev.hippack.core.PackagerException;
import dev.hippack.core.host.Host;
import java.nio.file.Path;

/** A written sample build machine: its folder, the host it describes, and its release profiles. */
public record SampleEnvironment(Path root) {

    public Host host() throws PackagerException {
        return Host.describe(root);
    }

    /** {@code profiles/<trackId>.json}, e.g. {@code profile("rocm6")}. */
    public Path profile(String trackId) {
        return root.resolve("profiles").resolve(trackId + ".json");
    }

    /** The profile commands use under {@code --demo} when no {@code --profile} is given. */
    public Path defaultProfile() {
        return profile("rocm6");
    }
}
