package dev.hippack.core.detect;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.inventory.KernelInventory;
import dev.hippack.core.inventory.LibraryInventory;
import java.util.List;

/**
 * One installed HIP SDK folder.
 *
 * @param version       major.minor from the folder name (or the header), e.g. "6.4"; null when unknown
 * @param fullVersion   major.minor.build from {@code include\hip\hip_version.h}, e.g. "7.1.51803"; null without it
 * @param path          the folder as the build machine names it, without a trailing backslash
 * @param generation    the ROCm major version (6, 7); 0 when unknown
 * @param track         the catalog track built with this SDK ("rocm6"), or null
 * @param foundBy       how it was found: "Program Files", "HIP_PATH", "HIP_PATH_71", ...
 * @param dlls          the DLLs of its generation that are present (incl. the versioned comgr, when there)
 * @param missing       the DLLs of its generation a package needs that are absent (never the versioned
 *                      comgr: only hipRTC loads it, and that it is in every SDK is not established)
 * @param compiler      {@code bin\clang++.exe} is present
 * @param amdgpuArch    {@code bin\amdgpu-arch.exe} is present
 * @param libraries     the scanned kernel libraries
 * @param findings      what is wrong with it (missing bin, DLLs, libraries), each naming the path
 */
public record HipSdk(
        String version,
        String fullVersion,
        String path,
        int generation,
        String track,
        List<String> foundBy,
        List<String> dlls,
        List<String> missing,
        boolean compiler,
        boolean amdgpuArch,
        List<LibraryInventory> libraries,
        List<Finding> findings,
        @JsonIgnore KernelInventory inventory) {

    public HipSdk {
        foundBy = List.copyOf(foundBy);
        dlls = List.copyOf(dlls);
        missing = List.copyOf(missing);
        libraries = List.copyOf(libraries);
        findings = List.copyOf(findings);
    }

    /** Complete enough to build and package with: known generation, compiler, no missing DLL or library. */
    public boolean usable() {
        return generation > 0 && compiler && missing.isEmpty() && findings.stream().noneMatch(Finding::isError);
    }
}
