package dev.hippack.core.detect;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.inventory.KernelInventory;
import dev.hippack.core.inventory.LibraryInventory;
import java.util.List;

/**
 * One installed ROCm: a classic HIP SDK folder, an extracted TheRock tarball, or a Python
 * environment's TheRock wheels ({@link SdkKind}).
 *
 * @param kind          how it was installed, which says where its files are
 * @param version       major.minor, e.g. "6.4", "7.14": a classic SDK's folder name (or its header), TheRock's
 *                      {@code .info\version}, the wheels' {@code rocm_sdk_core-<version>.dist-info}; null when unknown
 * @param fullVersion   the whole version: major.minor.build from {@code include\hip\hip_version.h}
 *                      ("7.1.51803"), or TheRock's as written ("7.14.0", "10.1.0a20260806"); null without it
 * @param path          the folder as the build machine names it, without a trailing backslash (for wheels,
 *                      the {@code site-packages} folder holding {@code _rocm_sdk_core})
 * @param generation    the ROCm major version (6, 7); 0 when unknown
 * @param track         the catalog track built with this SDK ("rocm6"), or null
 * @param foundBy       how it was found: "Program Files", "HIP_PATH", "HIP_PATH_71", ...
 * @param dlls          the DLLs of its generation that are present (incl. the versioned comgr, when there)
 * @param missing       the DLLs of its generation a package needs that are absent (never the versioned
 *                      comgr: only hipRTC loads it, and that it is in every SDK is not established)
 * @param compiler      {@code bin\clang++.exe} is present
 * @param amdgpuArch    {@code bin\amdgpu-arch.exe} is present
 * @param binFolders    where its DLLs are: {@code <path>\bin}, or for wheels the core's and the libraries' {@code bin}
 * @param libraries     the scanned kernel libraries
 * @param kpack         the {@code .kpack} archives beside the libraries' {@code bin} (TheRock), by name
 * @param kernelLayout  how its kernel files are laid out, per library ("flat", "per-GPU folders") and the archives
 * @param findings      what is wrong with it (missing bin, DLLs, libraries), each naming the path
 */
public record HipSdk(
        SdkKind kind,
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
        List<String> binFolders,
        List<LibraryInventory> libraries,
        List<String> kpack,
        String kernelLayout,
        List<Finding> findings,
        @JsonIgnore KernelInventory inventory) {

    public HipSdk {
        foundBy = List.copyOf(foundBy);
        dlls = List.copyOf(dlls);
        missing = List.copyOf(missing);
        binFolders = List.copyOf(binFolders);
        libraries = List.copyOf(libraries);
        kpack = List.copyOf(kpack);
        findings = List.copyOf(findings);
    }

    /** Complete enough to build and package with: known generation, compiler, no missing DLL or library. */
    public boolean usable() {
        return generation > 0 && compiler && missing.isEmpty() && findings.stream().noneMatch(Finding::isError);
    }
}
