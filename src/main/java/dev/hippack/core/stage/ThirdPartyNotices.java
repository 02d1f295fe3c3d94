package dev.hippack.core.stage;

import dev.hippack.core.audit.LicenseCheck;
import dev.hippack.core.catalog.RocmDll;
import dev.hippack.core.catalog.RocmGeneration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The package's {@code THIRD-PARTY-NOTICES.txt}: each component shipped in the package, which
 * files it is, where they came from, and the terms it comes under. License texts the build
 * machine has (the checkout's vendored libraries, the SDK's {@code share\doc\<component>}) are
 * included word for word; where a text is not on the machine, the notice says so and names the
 * upstream file instead.
 *
 * <p>The facts, and their sources:
 * <ul>
 *   <li>audio.cpp: MIT (its own {@code .devops/nix/package.nix} declares {@code license = licenses.mit});
 *       its text is the checkout's LICENSE, copied beside this file.</li>
 *   <li>ggml: MIT (github.com/ggml-org/ggml, LICENSE); vendored by audio.cpp in {@code external/ggml}.</li>
 *   <li>rocBLAS, hipBLAS, hipBLASLt: MIT (their repositories' LICENSE.md; the guide: "rocBLAS/hipBLASLt
 *       are MIT-licensed open source, but the Windows HIP SDK binaries are governed by the AMD EULA").
 *       ROCm's CMake installs each one's LICENSE.md as {@code share/doc/<component>/LICENSE.md}
 *       (distributions' spec files remove {@code share/doc/rocblas/LICENSE.md} and
 *       {@code share/doc/hipblaslt/LICENSE.md} after {@code cmake_install}); whether the Windows
 *       installer keeps them is not established, so they are looked for and used when present.</li>
 *   <li>The HIP runtime and comgr: AMD's binaries from the HIP SDK, under the AMD Software EULA,
 *       which the maintainer must check before publishing (the guide, §6 "Redistribution").</li>
 *   <li>The MSVC runtime: Microsoft's redistributable files, whose distribution is limited to
 *       licensed Visual Studio users under its license terms (Microsoft Learn, "Redistributing
 *       Visual C++ files").</li>
 * </ul>
 */
public final class ThirdPartyNotices {

    public static final String FILE_NAME = LicenseCheck.NOTICES;

    static final String AUDIOCPP_URL = "https://github.com/0xShug0/audio.cpp";
    static final String GGML_URL = "https://github.com/ggml-org/ggml";
    static final String AMD_EULA_URL = "https://www.amd.com/en/legal/eula/amd-software-eula.html";
    static final String MSVC_REDIST_URL = "https://learn.microsoft.com/cpp/windows/redistributing-visual-cpp-files";
    /** The most of one license text put into the notices; a real one is a few KiB. */
    static final int MAX_LICENSE_CHARS = 64 * 1024;

    /** A license text found on the build machine, with where it was read. */
    public record LicenseText(String component, String origin, String text) { }

    /**
     * What the notices are written from.
     *
     * @param packageName   the package's name
     * @param version       the audio.cpp version, when known
     * @param checkout      the audio.cpp checkout, as the build machine writes it
     * @param licenseFile   the name of the checkout's license file copied into the package, when there is one
     * @param sdk           the HIP SDK folder, as the build machine writes it
     * @param rocmVersion   the SDK's ROCm version
     * @param generation    the SDK's ROCm generation, for the DLLs' roles
     * @param rocmDlls      the ROCm DLLs shipped (file names)
     * @param crtDlls       the MSVC runtime DLLs shipped (file names)
     * @param crtOrigin     the redist folder they came from
     * @param kernels       the kernel library folders shipped ({@code rocblas\library}, ...)
     * @param sdkLicenses   license texts of SDK components, by component (rocblas, hipblas, hipblaslt)
     * @param vendored      license texts of the libraries in the checkout's {@code external} folder
     * @param unlicensedVendored folders of {@code external} without a license file
     */
    public record Inputs(String packageName, Optional<String> version, String checkout, Optional<String> licenseFile,
                         String sdk, String rocmVersion, RocmGeneration generation, List<String> rocmDlls,
                         List<String> crtDlls, String crtOrigin, List<String> kernels, List<LicenseText> sdkLicenses,
                         List<LicenseText> vendored, List<String> unlicensedVendored) {
        public Inputs {
            rocmDlls = List.copyOf(rocmDlls);
            crtDlls = List.copyOf(crtDlls);
            kernels = List.copyOf(kernels);
            sdkLicenses = List.copyOf(sdkLicenses);
            vendored = List.copyOf(vendored);
            unlicensedVendored = List.copyOf(unlicensedVendored);
        }
    }

    public String text(Inputs in) {
        StringBuilder t = new StringBuilder();
        t.append("Third-party notices for ").append(in.packageName()).append("\r\n\r\n");
        t.append(wrap("This package holds software from several sources. Each is listed below with the files it is in"
                + " this package, where they came from, and the terms it is distributed under. License texts found on the"
                + " machine that made the package are reproduced at the end."));

        List<String> appendix = new ArrayList<>();
        int n = 0;

        n++;
        section(t, n, "audio.cpp" + in.version().map(v -> " " + v).orElse(""));
        field(t, "Files", "audiocpp_cli.exe, audiocpp_server.exe and the other executables of this package");
        field(t, "Source", AUDIOCPP_URL + ", built from the checkout " + in.checkout()
                + in.version().map(v -> " (git describe: " + v + ")").orElse(" (version unknown: not a git clone)"));
        field(t, "License", in.licenseFile().map(f -> "MIT. The full text is in " + f + " in this folder.")
                .orElse("MIT (as the project declares it). The checkout had no LICENSE file to copy into this package;"
                        + " the text is in the project's repository."));

        n++;
        section(t, n, "ggml (compiled into the executables)");
        field(t, "Files", "part of the executables");
        Optional<LicenseText> ggml = in.vendored().stream().filter(v -> v.component().equalsIgnoreCase("ggml")).findFirst();
        field(t, "Source", GGML_URL + ", vendored by audio.cpp in external/ggml");
        field(t, "License", "MIT. " + ggml.map(g -> "Its text is reproduced below (from " + g.origin() + ").")
                .orElse("The checkout has no external/ggml license file; the text is " + GGML_URL + "/blob/master/LICENSE."));
        ggml.ifPresent(g -> appendix.add(appendixEntry(g)));

        List<LicenseText> others = in.vendored().stream().filter(v -> !v.component().equalsIgnoreCase("ggml")).toList();
        if (!others.isEmpty() || !in.unlicensedVendored().isEmpty()) {
            n++;
            section(t, n, "Other libraries vendored in the audio.cpp checkout (external/), compiled in where the build uses them");
            for (LicenseText v : others) {
                field(t, v.component(), "license text reproduced below (from " + v.origin() + ")");
                appendix.add(appendixEntry(v));
            }
            for (String folder : in.unlicensedVendored()) {
                field(t, folder, "no license file in external/" + folder + "; see that project's own repository");
            }
        }

        String sdkFrom = "the AMD HIP SDK " + in.rocmVersion() + " for Windows (" + in.sdk() + "\\bin)";
        for (Component c : List.of(
                new Component("rocblas", "rocBLAS", RocmDll.Role.ROCBLAS, "https://github.com/ROCm/rocBLAS", "rocblas"),
                new Component("hipblas", "hipBLAS", RocmDll.Role.HIPBLAS, "https://github.com/ROCm/hipBLAS", null),
                new Component("hipblaslt", "hipBLASLt", RocmDll.Role.HIPBLASLT, "https://github.com/ROCm/hipBLASLt", "hipblaslt"))) {
            List<String> files = dllsOf(in, c.role());
            if (files.isEmpty()) {
                continue;
            }
            List<String> all = new ArrayList<>(files);
            if (c.kernelFolder() != null && in.kernels().contains(c.kernelFolder() + "\\library")) {
                all.add(c.kernelFolder() + "\\library\\* (GPU kernel files)");
            }
            n++;
            section(t, n, c.name());
            field(t, "Files", String.join(", ", all));
            field(t, "Source", sdkFrom + "; the project is " + c.url());
            Optional<LicenseText> text = in.sdkLicenses().stream().filter(l -> l.component().equals(c.id())).findFirst();
            field(t, "License", "MIT. " + text.map(l -> "The SDK's license file is reproduced below (" + l.origin() + ").")
                    .orElse("The SDK has no license file for " + c.name() + " (looked in share\\doc\\" + c.id()
                            + "); the text is " + c.url() + "/blob/develop/LICENSE.md.")
                    + " These files are AMD's builds from the HIP SDK, whose redistribution the AMD EULA governs (see the"
                    + " HIP runtime below).");
            text.ifPresent(l -> appendix.add(appendixEntry(l)));
        }

        List<String> runtime = new ArrayList<>(dllsOf(in, RocmDll.Role.HIP_RUNTIME));
        runtime.addAll(dllsOf(in, RocmDll.Role.COMPILER_RUNTIME));
        if (!runtime.isEmpty()) {
            n++;
            section(t, n, "AMD HIP runtime and code object manager (comgr)");
            field(t, "Files", String.join(", ", runtime));
            field(t, "Source", sdkFrom);
            field(t, "License", "AMD binaries distributed with the HIP SDK for Windows under the AMD Software End User"
                    + " License Agreement (" + AMD_EULA_URL + "). Whoever publishes this package must check that the EULA"
                    + " permits redistributing them with an application.");
        }
        List<String> unknown = in.rocmDlls().stream().filter(d -> in.generation().byName(d).isEmpty()).toList();
        if (!unknown.isEmpty()) {
            n++;
            section(t, n, "Other AMD HIP SDK DLLs");
            field(t, "Files", String.join(", ", unknown));
            field(t, "Source", sdkFrom);
            field(t, "License", "AMD's HIP SDK binaries, under the AMD Software End User License Agreement (" + AMD_EULA_URL
                    + "); check it, and each library's own license, before publishing.");
        }

        if (!in.crtDlls().isEmpty()) {
            n++;
            section(t, n, "Microsoft Visual C++ runtime");
            field(t, "Files", String.join(", ", in.crtDlls()));
            field(t, "Source", "the Visual Studio redistributable folder " + in.crtOrigin());
            field(t, "License", "Microsoft's redistributable files, distributed under the Visual Studio license terms for"
                    + " distributable code, which limit their distribution to licensed Visual Studio users (" + MSVC_REDIST_URL
                    + "). Whoever publishes this package must hold such a license.");
        }

        if (!appendix.isEmpty()) {
            t.append("\r\n").append("=".repeat(78)).append("\r\n").append("License texts").append("\r\n");
            appendix.forEach(t::append);
        }
        return t.toString();
    }

    private record Component(String id, String name, RocmDll.Role role, String url, String kernelFolder) { }

    private static List<String> dllsOf(Inputs in, RocmDll.Role role) {
        return in.rocmDlls().stream()
                .filter(d -> in.generation().byName(d).map(x -> x.role() == role).orElse(false))
                .toList();
    }

    private static String appendixEntry(LicenseText l) {
        String text = l.text().length() > MAX_LICENSE_CHARS ? l.text().substring(0, MAX_LICENSE_CHARS)
                + "\n[... cut at " + MAX_LICENSE_CHARS + " characters; the whole text is " + l.origin() + "]" : l.text();
        return "\r\n" + "-".repeat(78) + "\r\n" + l.component() + " (" + l.origin() + ")\r\n\r\n"
                + text.strip().replace("\r\n", "\n").replace("\n", "\r\n") + "\r\n";
    }

    private static void section(StringBuilder t, int n, String title) {
        t.append("\r\n").append(n).append(". ").append(title).append("\r\n");
    }

    private static void field(StringBuilder t, String name, String value) {
        t.append(wrap("   " + name + ": ", value, "      "));
    }

    /** Words wrapped at 100 columns, Windows line ends (the file is read in Notepad). */
    private static String wrap(String text) {
        return wrap("", text, "");
    }

    private static String wrap(String first, String text, String indent) {
        StringBuilder out = new StringBuilder();
        StringBuilder line = new StringBuilder(first);
        boolean empty = true;
        for (String word : text.split(" +")) {
            if (word.isEmpty()) {
                continue;
            }
            if (!empty && line.length() + 1 + word.length() > 100) {
                out.append(line).append("\r\n");
                line = new StringBuilder(indent);
                empty = true;
            }
            if (!empty) {
                line.append(' ');
            }
            line.append(word);
            empty = false;
        }
        return out.append(line).append("\r\n").toString();
    }
}
