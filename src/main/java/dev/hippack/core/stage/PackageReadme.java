package dev.hippack.core.stage;

import dev.hippack.core.audit.LicenseCheck;
import dev.hippack.core.audit.PathLimits;
import dev.hippack.core.audit.ReadmeCheck;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.GpuArchitecture;
import dev.hippack.core.catalog.Track;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.ReleasePlan;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The README.md and the sample server.json that go into a package, written for the plan's track
 * and targets. The text is addressed to the person who downloads the zip, not to the builder.
 */
public final class PackageReadme {

    public static final String README = "README.md";
    public static final String SERVER_JSON = "server.json";

    private final Catalog catalog;

    public PackageReadme(Catalog catalog) {
        this.catalog = catalog;
    }

    /** The README of a package named by the plan's archiveName, version unknown, its DLLs' file versions unread. */
    public String readme(ReleasePlan plan, List<String> rocmDlls) {
        return readme(plan, plan.archiveName(), rocmDlls.stream().map(n -> new ShippedDll(n, Optional.empty())).toList(),
                Optional.empty(), Optional.empty(), Optional.empty());
    }

    /**
     * The README of package {@code packageName}; {@code version} is the audio.cpp version (stated
     * on a line of its own, {@link ReadmeCheck#VERSION_LINE}), {@code licenseFile} the name of the
     * license file copied into the package, {@code paths} its longest path (for where to extract it).
     */
    public String readme(ReleasePlan plan, String packageName, List<ShippedDll> rocmDlls, Optional<String> version,
                         Optional<String> licenseFile, Optional<PathLimits> paths) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(packageName).append("\n\n");
        if (version.isPresent()) {
            md.append(ReadmeCheck.VERSION_LINE).append(version.get()).append("\n\n");
        }
        md.append("audio.cpp built for AMD Radeon GPUs on Windows with HIP (ROCm ").append(plan.rocmVersion())
                .append("). This folder is self-contained: the audio.cpp command line (`audiocpp_cli.exe`), the server ")
                .append("(`audiocpp_server.exe`), the ROCm runtime and math libraries they were built against, their GPU ")
                .append("kernel files and the Microsoft C++ runtime are all included.\n\n");

        md.append("## Supported GPUs\n\n");
        md.append("The GPU code is compiled for these architectures; other GPUs can still use `--backend cpu`.\n\n");
        md.append("| Architecture | GPU family | Example hardware |\n|---|---|---|\n");
        for (String target : plan.targets()) {
            GpuArchitecture a = catalog.architecture(target).orElse(null);
            md.append("| ").append(target).append(" | ")
                    .append(a == null ? "" : a.family() + (a.integrated() ? " integrated" : " discrete")).append(" | ")
                    .append(a == null ? "" : a.exampleHardware()).append(" |\n");
        }
        md.append('\n');
        Rx7600Advice.forPackage(new Rx7600Advice.Offer(packageName + ".zip", plan.rocmVersion(), plan.generation(),
                plan.targets().contains(Rx7600Advice.ARCH)), servingPackage()).ifPresent(p -> md.append(p).append("\n\n"));

        catalog.hardwareCaveat(plan.track(), plan.rocmVersion()).ifPresent(c -> md.append("> **").append(c).append("**\n\n"));

        md.append("## Requirements\n\n");
        md.append("- ").append(catalog.windowsRequirement(plan.track(), plan.rocmVersion())).append(".\n");
        md.append("- An AMD GPU from the table above.\n");
        md.append("- The regular AMD graphics driver (Adrenalin Edition). The HIP runtime is part of this package, so ")
                .append("the driver's own ROCm version does not matter; it only has to support your GPU.\n");
        md.append("- The model files, downloaded separately.\n\n");
        md.append("Not needed: the ROCm / AMD HIP SDK, Visual Studio or its Build Tools, the CUDA Toolkit.\n\n");

        md.append("## Quick start\n\n");
        paths.ifPresent(p -> md.append(p.advice()).append("\n\n"));
        md.append("Open PowerShell in this folder.\n\n");
        md.append("Run on the GPU:\n\n```\n.\\audiocpp_cli.exe --backend hip --task tts --family <family> --model C:\\path\\to\\model\n```\n\n");
        md.append("`--backend rocm` means the same as `--backend hip`:\n\n```\n.\\audiocpp_cli.exe --backend rocm --task tts --family <family> --model C:\\path\\to\\model\n```\n\n");
        md.append("The CPU backend is built in too, for a machine without a supported GPU:\n\n```\n.\\audiocpp_cli.exe --backend cpu --task tts --family <family> --model C:\\path\\to\\model\n```\n\n");
        md.append("The server reads a JSON configuration. Edit the included `server.json` (it selects `\"backend\": \"hip\"`; ")
                .append("without that line the server would try CUDA), point its model entry at your model, then:\n\n")
                .append("```\n.\\audiocpp_server.exe --config .\\server.json\n```\n\n");

        md.append("## Notes\n\n");
        md.append("- Keep every DLL and the `rocblas\\` and `hipblaslt\\` folders next to the .exe files. The libraries find ")
                .append("their GPU kernel files relative to their own location; moving the .exe alone breaks the GPU path.\n");
        md.append("- If the GPU does not initialise, update the AMD driver first.\n");
        md.append("- Do not set `HSA_OVERRIDE_GFX_VERSION`: Windows does not support it, and no supported GPU needs it ")
                .append("(the Radeon 780M runs through hipBLASLt as it is).\n");
        if (plan.rocblasKernels() == KernelPolicy.DROP) {
            md.append("- This build leaves out rocBLAS's kernel files to save space: every matrix product runs through hipBLASLt. ")
                    .append("rocblas.dll is still included because hipBLAS loads it.\n");
        }
        md.append('\n');

        rocmLibraries(md, rocmDlls);

        md.append("## License\n\n");
        md.append("audio.cpp is open source under the MIT license")
                .append(licenseFile.map(f -> " (see `" + f + "`)").orElse("")).append(". ")
                .append("`").append(LicenseCheck.NOTICES).append("` lists every other component in this folder (ggml, ")
                .append("AMD's ROCm libraries, runtime and kernel files, the Microsoft C++ runtime), where it came from and ")
                .append("its terms. rocBLAS and hipBLASLt are MIT-licensed, but the ROCm DLLs in this folder are ")
                .append("AMD's Windows HIP SDK binaries, covered by the AMD EULA; the Microsoft C++ runtime DLLs are covered by ")
                .append("the Visual Studio redistribution terms. Check that these terms allow what you do with the package.\n");
        return md.toString();
    }

    /**
     * The ROCm DLLs with their file versions, and how to compare them with the driver's copies:
     * those in System32 are what runs when a DLL is missing here, and a bundled runtime older
     * than the driver's was reported to find no GPU (docs/distribution-rules.md §5).
     */
    private static void rocmLibraries(StringBuilder md, List<ShippedDll> dlls) {
        md.append("## ROCm libraries in this package\n\n");
        md.append("| DLL | File version |\n|---|---|\n");
        for (ShippedDll d : dlls) {
            md.append("| `").append(d.name()).append("` | ").append(d.versionText()).append(" |\n");
        }
        md.append('\n');
        String runtime = dlls.stream().map(ShippedDll::name).filter(n -> n.toLowerCase(Locale.ROOT).startsWith("amdhip64"))
                .findFirst().orElse("amdhip64_6.dll");
        md.append("If no GPU is found, compare these with the AMD driver's copies in `C:\\Windows\\System32`, e.g. in ")
                .append("PowerShell `(Get-Item C:\\Windows\\System32\\").append(runtime).append(").VersionInfo.FileVersion`, ")
                .append("and give both in a bug report: a HIP runtime in a package that is older than the driver's has been ")
                .append("reported to find no GPU.\n\n");
    }

    /** The package of the first catalog track whose default targets hold gfx1102 (the rocm6 track's). */
    private Optional<String> servingPackage() {
        return catalog.tracks().stream().filter(t -> t.generation() < 7 && t.targets().contains(Rx7600Advice.ARCH))
                .map(Track::packageName).findFirst();
    }

    /** A server configuration that runs on the GPU: the server's own default backend is cuda. */
    public String serverJson() {
        return """
                {
                  "host": "127.0.0.1",
                  "port": 8080,
                  "backend": "hip",
                  "device": 0,
                  "threads": 4,
                  "lazy_load": true,
                  "models": [
                    {
                      "id": "tts",
                      "family": "kokoro_tts",
                      "task": "tts",
                      "path": "models/kokoro"
                    }
                  ]
                }
                """;
    }
}
