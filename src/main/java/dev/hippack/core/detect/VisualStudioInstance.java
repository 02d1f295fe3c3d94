package dev.hippack.core.detect;

import java.util.List;
import java.util.Optional;

/**
 * One Visual Studio or Build Tools installation.
 *
 * @param name      the display name, as vswhere gives it (localized) or as the folder implies
 * @param version   the installation version, e.g. "17.14.36623.8" (just the major from a folder scan)
 * @param major     17 = Visual Studio 2022, 18 = 2026
 * @param year      the marketing year from the major version, e.g. 2022
 * @param path      the installation folder as the build machine names it
 * @param productId e.g. Microsoft.VisualStudio.Product.BuildTools; null from a folder scan
 * @param complete  false when vswhere says the installation is incomplete
 * @param foundBy   "vswhere" or "folder scan"
 */
public record VisualStudioInstance(
        String name,
        String version,
        int major,
        int year,
        String path,
        String productId,
        boolean complete,
        boolean prerelease,
        String foundBy,
        List<MsvcToolset> toolsets,
        List<CrtRedist> redists) {

    public VisualStudioInstance {
        toolsets = List.copyOf(toolsets);
        redists = List.copyOf(redists);
    }

    /** The highest toolset with the verdict recommended (14.44.*), if any. */
    public Optional<MsvcToolset> recommendedToolset() {
        return toolsets.stream().filter(t -> t.verdict() == ToolsetVerdict.RECOMMENDED).reduce((a, b) -> b);
    }

    public static int yearOf(int major) {
        return switch (major) {
            case 15 -> 2017;
            case 16 -> 2019;
            case 17 -> 2022;
            case 18 -> 2026;
            default -> 0;
        };
    }
}
