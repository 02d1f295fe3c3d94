package dev.hippack.core.verify;

import dev.hippack.core.host.Host;
import dev.hippack.core.plan.ReleasePlan;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A staged package folder, the plan it was staged from and the machine that staged it.
 *
 * @param packageDir      the staged folder (a local path)
 * @param plan            the plan it was staged from
 * @param host            the build machine
 * @param skipStartCheck  the user turned the start check off ({@code --no-start-check})
 */
public record VerifyRequest(Path packageDir, ReleasePlan plan, Host host, boolean skipStartCheck) {

    public VerifyRequest {
        Objects.requireNonNull(packageDir, "packageDir");
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(host, "host");
    }
}
