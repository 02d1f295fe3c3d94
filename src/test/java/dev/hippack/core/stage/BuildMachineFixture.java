package dev.hippack.core.stage;

import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.host.Host;
import dev.hippack.core.host.OperatingSystem;
import dev.hippack.core.plan.ReleasePlan;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A small Windows build machine in a temp folder (drive C: = the folder): a ROCm 6.4 SDK with the
 * real PE fixtures, kernel libraries with files for several architectures, an audio.cpp build
 * folder with the two executables, and a Visual Studio with two CRT redists.
 */
final class BuildMachineFixture {

    static final String SDK = "C:\\Program Files\\AMD\\ROCm\\6.4";
    static final String CHECKOUT = "C:\\src\\audio.cpp";
    static final String VS = "C:\\BuildTools";

    final Path root;
    final Host host;
    final Catalog catalog = CatalogLoader.embedded();

    BuildMachineFixture(Path root) throws IOException {
        this.root = root;
        Path bin = root.resolve("Program Files/AMD/ROCm/6.4/bin");
        for (String dll : List.of("amdhip64_6.dll", "amd_comgr_2.dll", "amd_comgr0604.dll", "hipblas.dll", "hipblaslt.dll", "rocblas.dll")) {
            copyResource("rocm6/" + dll, bin.resolve(dll));
        }
        Path rocblas = Files.createDirectories(bin.resolve("rocblas/library"));
        for (String f : List.of("TensileLibrary_lazy_gfx1100.dat", "TensileLibrary_lazy_gfx1101.dat", "TensileLibrary_lazy_gfx906.dat",
                "TensileLibrary_Type_HH_Contraction_l_Ailk_Bljk_Cijk_Dijk_gfx1100.co",
                "TensileLibrary_Type_HH_Contraction_l_Ailk_Bljk_Cijk_Dijk_gfx1102.co",
                "TensileLibrary_Type_HH_Contraction_l_Ailk_Bljk_Cijk_Dijk_gfx906-xnack-.co",
                "TensileLibrary_Type_SS_Contraction_l_Alik_Bljk_Cijk_Dijk_fallback_gfx1101.hsaco",
                "TensileLibrary_Type_SS_Contraction_l_Alik_Bljk_Cijk_Dijk_fallback.dat", "TensileManifest.txt")) {
            Files.writeString(rocblas.resolve(f), "rocblas " + f);
        }
        Path lt = Files.createDirectories(bin.resolve("hipblaslt/library"));
        for (String f : List.of("TensileLibrary_lazy_gfx1100.dat", "Kernels.so-000-gfx1100.hsaco", "Kernels.so-000-gfx1101.hsaco",
                "Kernels.so-000-gfx1030.hsaco", "hipblasltTransform.hsaco")) {
            Files.writeString(lt.resolve(f), "hipblaslt " + f);
        }
        Path build = root.resolve("src/audio.cpp/build/hip/bin");
        copyResource("rocm6/audiocpp_cli.exe", build.resolve("audiocpp_cli.exe"));
        copyResource("rocm6/audiocpp_server.exe", build.resolve("audiocpp_server.exe"));
        Files.writeString(root.resolve("src/audio.cpp/LICENSE"), "MIT License\n\nCopyright (c) the audio.cpp authors\n");
        for (String version : List.of("14.38.33135", "14.44.35112")) {
            Path crt = root.resolve("BuildTools/VC/Redist/MSVC/" + version + "/x64/Microsoft.VC143.CRT");
            for (String dll : List.of("MSVCP140.dll", "VCRUNTIME140.dll", "VCRUNTIME140_1.dll")) {
                copyResource("crt/" + dll, crt.resolve(dll.toLowerCase(java.util.Locale.ROOT)));
            }
            Files.writeString(crt.resolve("version.txt"), version, StandardCharsets.UTF_8);
        }
        host = Host.described(OperatingSystem.WINDOWS, root, Map.of("C:", root), Map.of(), CHECKOUT, Map.of());
    }

    ReleasePlan plan() {
        return ReleasePlan.forTrack(catalog.track("rocm6").orElseThrow())
                .withSource(CHECKOUT).withSdk(SDK).withVsInstance(VS).withTargets(List.of("gfx1100", "gfx1101"));
    }

    Path sdkBin() {
        return root.resolve("Program Files/AMD/ROCm/6.4/bin");
    }

    static void copyResource(String name, Path dest) throws IOException {
        try (InputStream in = BuildMachineFixture.class.getResourceAsStream("/dev/hippack/sample/pe/" + name)) {
            if (in == null) {
                throw new IOException("missing PE fixture " + name);
            }
            Files.createDirectories(dest.getParent());
            Files.write(dest, in.readAllBytes());
        }
    }

    /** Rewrites an import name inside a PE file (same length), as a rebuilt DLL with a new dependency would have. */
    static void renameImport(Path pe, String from, String to) throws IOException {
        if (from.length() != to.length()) {
            throw new IllegalArgumentException("same length only");
        }
        byte[] bytes = Files.readAllBytes(pe);
        byte[] f = from.getBytes(StandardCharsets.US_ASCII);
        byte[] t = to.getBytes(StandardCharsets.US_ASCII);
        int hits = 0;
        for (int i = 0; i + f.length <= bytes.length; i++) {
            if (java.util.Arrays.equals(bytes, i, i + f.length, f, 0, f.length)) {
                System.arraycopy(t, 0, bytes, i, t.length);
                hits++;
            }
        }
        if (hits == 0) {
            throw new IOException(from + " not found in " + pe);
        }
        Files.write(pe, bytes);
    }
}
