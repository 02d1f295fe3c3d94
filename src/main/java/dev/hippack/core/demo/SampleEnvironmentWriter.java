package dev.hippack.core.demo;

import dev.hippack.core.FileTrees;
import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.SparseFiles;
import dev.hippack.core.Version;
import dev.hippack.core.build.standin.SampleExecutables;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.catalog.RocmDll;
import dev.hippack.core.catalog.RocmGeneration;
import dev.hippack.core.catalog.RuntimeLoadedDll;
import dev.hippack.core.catalog.SizedFile;
import dev.hippack.core.catalog.Track;
import dev.hippack.core.host.HostDescription;
import dev.hippack.core.host.OperatingSystem;
import dev.hippack.core.io.RenameBlockedException;
import dev.hippack.core.io.RetryingRename;
import dev.hippack.core.io.SmallFile;
import dev.hippack.core.plan.PackageName;
import dev.hippack.core.plan.Release;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes the sample Windows build machine (docs/design.md §9) into a folder: HIP SDK 6.4 and 7.1 with
 * their DLLs, tools and kernel libraries (sparse files of realistic sizes), Visual Studio 2022
 * Build Tools with MSVC 14.44 and Visual Studio 2026 Community with only 14.51, an audio.cpp
 * checkout, the tools on PATH, vswhere's, amdgpu-arch's and git's recorded outputs, host.json, and the
 * release profiles {@code profiles/rocm6.json}, {@code rocm7.json} and {@code release.json} (both). Executables and DLLs are
 * small real PE files (their import tables are those of a real build), padded to their real size.
 * <p>
 * Everything is written under a temporary sibling name and renamed at the end, so an
 * interrupted run never leaves something that looks like a finished sample.
 */
public final class SampleEnvironmentWriter {

    /** The build machine's paths (drive C: is the sample's root). */
    public static final String ROCM_ROOT = "C:\\Program Files\\AMD\\ROCm";
    public static final String VS2022_BUILD_TOOLS = "C:\\Program Files (x86)\\Microsoft Visual Studio\\2022\\BuildTools";
    public static final String VS2026_COMMUNITY = "C:\\Program Files\\Microsoft Visual Studio\\18\\Community";
    public static final String CHECKOUT = "C:\\src\\audio.cpp";
    public static final String OUTPUT_DIR = "C:\\release";
    public static final String TOOLSET_2022 = "14.44.35207";
    public static final String REDIST_2022 = "14.44.35112";
    public static final String TOOLSET_2026 = "14.51.36231";
    public static final String REDIST_2026 = "14.51.36231";
    /**
     * What the sample machine's {@code git describe --tags --always --dirty} prints in the sample
     * checkout. The checkout is not a real clone (there is no commit to describe), so the version
     * says it is the sample's: v0.4.3 is a release tag of the audio.cpp HIP builds (the fork's
     * release workflow tags {@code v0.4.3} for upstream {@code release-0.4.3}), "-sample" marks it
     * as this sample's, which no real checkout prints.
     */
    public static final String SAMPLE_VERSION = "v0.4.3-sample";
    /** The sample's release profile of both tracks, {@code profiles/release.json}. */
    public static final String RELEASE_PROFILE = "release.json";

    private static final String PE = "/dev/hippack/sample/pe/";
    private static final String CHECKOUT_RESOURCES = "/dev/hippack/sample/checkout/";

    private final Catalog catalog;
    private final RetryingRename rename;
    private final SampleKernelLibraries kernels = new SampleKernelLibraries();

    public SampleEnvironmentWriter(Catalog catalog) {
        this(catalog, RetryingRename.standard());
    }

    /** @param rename the final rename, which a scanner reading the fresh files may hold up for a moment */
    public SampleEnvironmentWriter(Catalog catalog, RetryingRename rename) {
        this.catalog = catalog;
        this.rename = rename;
    }

    /**
     * Writes the sample into {@code dir}, which must not exist or be empty (nothing the user had
     * is ever overwritten).
     */
    public SampleEnvironment write(Path dir) throws PackagerException {
        Path target = dir.toAbsolutePath().normalize();
        if (Files.exists(target) && (!Files.isDirectory(target) || !isEmpty(target))) {
            throw new PackagerException(target + " already exists and is not an empty folder; demo-env writes only into a new or empty folder.");
        }
        Path parent = target.getParent();
        Path partial = parent.resolve("." + target.getFileName() + ".partial-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
        try {
            Files.createDirectories(parent);
            Files.createDirectory(partial);
            writeMachine(partial);
            if (Files.exists(target)) {
                Files.delete(target);
            }
            rename.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (RenameBlockedException e) {
            deleteQuietly(partial);
            throw new OperationFailedException("Could not write the sample environment to " + target + ": " + e.getMessage(), e);
        } catch (IOException | UncheckedIOException e) {
            deleteQuietly(partial);
            String why = e instanceof UncheckedIOException u ? u.getCause().toString() : e.toString();
            throw new OperationFailedException("Could not write the sample environment to " + target + ": " + why
                    + ". Check that the folder is writable and the disk has space.", e);
        }
        return new SampleEnvironment(target);
    }

    private void writeMachine(Path root) throws IOException, PackagerException {
        for (Track track : catalog.tracks()) {
            writeSdk(root, track);
        }
        writeVisualStudio(root);
        writeTools(root);
        writeCheckout(root);
        writeRecordedOutputs(root);
        writeProfiles(root);
        Files.writeString(root.resolve("README.txt"), """
                A sample Windows build machine written by `hip-packager demo-env`.
                Drive C: is this folder (see host.json). Kernel libraries, DLLs and executables are
                sparse files: their sizes are realistic, their content is not. The audio.cpp
                executables, SDK and CRT DLLs are small real PE files whose import tables match a
                real build; the other tools (cmake, ninja, 7z, powershell, ...) are one small
                generic PE file under each name. Nothing here runs.
                Try:  hip-packager --host THIS_FOLDER detect
                """, StandardCharsets.UTF_8);
        // host.json last: a folder without it is not a usable sample.
        hostDescription().write(root);
    }

    /** The description of the sample machine, with drive C: at the sample's root. */
    public HostDescription hostDescription() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("COMPUTERNAME", "HIP-BUILD-PC");
        env.put("USERNAME", "builder");
        env.put("OS", "Windows_NT");
        env.put("PROCESSOR_ARCHITECTURE", "AMD64");
        env.put("NUMBER_OF_PROCESSORS", "16");
        env.put("SystemDrive", "C:");
        env.put("SystemRoot", "C:\\Windows");
        env.put("windir", "C:\\Windows");
        env.put("ProgramFiles", "C:\\Program Files");
        env.put("ProgramFiles(x86)", "C:\\Program Files (x86)");
        env.put("ProgramW6432", "C:\\Program Files");
        env.put("ProgramData", "C:\\ProgramData");
        env.put("USERPROFILE", "C:\\Users\\builder");
        env.put("TEMP", "C:\\Users\\builder\\AppData\\Local\\Temp");
        env.put("PATHEXT", ".COM;.EXE;.BAT;.CMD;.VBS;.VBE;.JS;.JSE;.WSF;.WSH;.MSC");
        // As on real machines: HIP_PATH still names 6.4 while 7.1 is installed too, and the
        // 7.1 installer put its bin folder on PATH.
        env.put("HIP_PATH", ROCM_ROOT + "\\6.4\\");
        env.put("HIP_PATH_64", ROCM_ROOT + "\\6.4\\");
        env.put("HIP_PATH_71", ROCM_ROOT + "\\7.1\\");
        env.put("Path", String.join(";",
                "C:\\Windows\\system32", "C:\\Windows", "C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\",
                "C:\\Program Files\\CMake\\bin", "C:\\Program Files\\7-Zip", "C:\\Program Files\\Git\\cmd",
                ROCM_ROOT + "\\7.1\\bin"));
        Map<String, String> recorded = new LinkedHashMap<>();
        recorded.put("vswhere.exe", "recorded/vswhere.json");
        recorded.put("amdgpu-arch.exe", "recorded/amdgpu-arch.txt");
        recorded.put("git.exe", "recorded/git-describe.txt");
        return new HostDescription(OperatingSystem.WINDOWS, Map.of("C:", "."), CHECKOUT, env, recorded);
    }

    // ---- HIP SDKs -----------------------------------------------------------------------------

    private void writeSdk(Path root, Track track) throws IOException, PackagerException {
        Path sdk = local(root, ROCM_ROOT + "\\" + track.rocmVersion());
        Path bin = sdk.resolve("bin");
        String peDir = "rocm" + track.generation() + "/";
        RocmGeneration gen = catalog.generation(track.generation()).orElseThrow();
        for (RocmDll dll : gen.dlls()) {
            pe(bin.resolve(dll.name()), peDir + dll.name(), dll.bytes());
        }
        // The versioned comgr (amd_comgr0604.dll) that only hipRTC loads: third parties report it in
        // the SDK's bin beside amd_comgr_2.dll (see the sample's pe/README.md); same size as that one.
        long comgrBytes = gen.dll(RocmDll.Role.COMPILER_RUNTIME).bytes();
        for (RuntimeLoadedDll loaded : gen.runtimeLoaded()) {
            if (gen.byName(loaded.dll()).isEmpty()) {
                pe(bin.resolve(loaded.dll()), peDir + loaded.dll(), comgrBytes);
            }
        }
        pe(bin.resolve("clang++.exe"), "tools/clang++.exe", 98_566_144);
        pe(bin.resolve("clang.exe"), "tools/clang++.exe", 98_566_144);
        pe(bin.resolve("amdgpu-arch.exe"), "tools/amdgpu-arch.exe", 61_440);
        String build = track.generation() == 6 ? "43484" : "51803";
        write(sdk.resolve("include/hip/hip_version.h"), """
                // Auto-generated by cmake
                #ifndef HIP_VERSION_H
                #define HIP_VERSION_H

                #define HIP_VERSION_MAJOR %d
                #define HIP_VERSION_MINOR %d
                #define HIP_VERSION_PATCH %s
                #define HIP_VERSION_GITHASH "0000000000"
                #define HIP_VERSION_BUILD_ID 0
                #define HIP_VERSION_BUILD_NAME ""
                #define HIP_VERSION    (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)

                #endif
                """.formatted(track.generation(), Version.parse(track.rocmVersion()).minor(), build));
        for (KernelLibrary lib : KernelLibrary.values()) {
            Path library = bin.resolve(lib.folder()).resolve("library");
            Files.createDirectories(library);
            for (SampleFile f : kernels.files(track.rocmVersion(), lib)) {
                sparse(library.resolve(f.relativePath()), f.bytes());
            }
        }
    }

    // ---- Visual Studio ------------------------------------------------------------------------

    private void writeVisualStudio(Path root) throws IOException, PackagerException {
        pe(local(root, "C:\\Program Files (x86)\\Microsoft Visual Studio\\Installer\\vswhere.exe"), "tools/cl.exe", 467_536);
        writeInstance(root, VS2022_BUILD_TOOLS, TOOLSET_2022, REDIST_2022, "VC143");
        writeInstance(root, VS2026_COMMUNITY, TOOLSET_2026, REDIST_2026, "VC145");
        // VS 2026 brings its own Ninja (the build script looks for it there).
        pe(local(root, VS2026_COMMUNITY + "\\Common7\\IDE\\CommonExtensions\\Microsoft\\CMake\\Ninja\\ninja.exe"),
                "tools/cl.exe", 590_336);
        pe(local(root, VS2026_COMMUNITY + "\\Common7\\IDE\\devenv.exe"), "tools/cl.exe", 1_021_440);
    }

    private void writeInstance(Path root, String installPath, String toolset, String redist, String crt) throws IOException, PackagerException {
        Path vs = local(root, installPath);
        Path x64 = vs.resolve("VC/Tools/MSVC").resolve(toolset).resolve("bin/Hostx64/x64");
        pe(x64.resolve("cl.exe"), "tools/cl.exe", 593_328);
        pe(x64.resolve("link.exe"), "tools/cl.exe", 2_766_784);
        pe(x64.resolve("dumpbin.exe"), "tools/cl.exe", 24_496);
        Path aux = vs.resolve("VC/Auxiliary/Build");
        write(aux.resolve("Microsoft.VCToolsVersion.default.txt"), toolset + "\n");
        write(aux.resolve("Microsoft.VCRedistVersion.default.txt"), redist + "\n");
        String vcvars = """
                @echo off
                rem Sample environment: stands in for Visual Studio's %s.
                rem It cannot set up a compiler; HIP Packager never runs it on a described machine.
                echo [ERROR:%s] This is the sample environment of hip-packager demo-env.
                exit /b 1
                """;
        write(aux.resolve("vcvarsall.bat"), vcvars.formatted("vcvarsall.bat", "vcvarsall.bat").replace("\n", "\r\n"));
        write(aux.resolve("vcvars64.bat"), vcvars.formatted("vcvars64.bat", "vcvars64.bat").replace("\n", "\r\n"));
        Path crtDir = vs.resolve("VC/Redist/MSVC").resolve(redist).resolve("x64").resolve("Microsoft." + crt + ".CRT");
        for (SizedFile dll : catalog.crtDlls()) {
            pe(crtDir.resolve(dll.name().toLowerCase(Locale.ROOT)), "crt/" + dll.name(), dll.bytes());
        }
    }

    // ---- tools, checkout, recorded outputs, profiles -------------------------------------------

    private void writeTools(Path root) throws IOException, PackagerException {
        pe(local(root, "C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe"), "tools/cl.exe", 455_680);
        pe(local(root, "C:\\Program Files\\CMake\\bin\\cmake.exe"), "tools/cl.exe", 11_284_992);
        pe(local(root, "C:\\Program Files\\7-Zip\\7z.exe"), "tools/cl.exe", 567_296);
        pe(local(root, "C:\\Program Files\\Git\\cmd\\git.exe"), "tools/cl.exe", 45_568);
        Files.createDirectories(local(root, "C:\\Users\\builder\\AppData\\Local\\Temp"));
    }

    private void writeCheckout(Path root) throws IOException, PackagerException {
        Path checkout = local(root, CHECKOUT);
        String index = new String(resource(CHECKOUT_RESOURCES + "files.txt"), StandardCharsets.UTF_8);
        for (String line : index.split("\n")) {
            String name = line.trim();
            if (!name.isEmpty()) {
                Path dest = checkout.resolve(name);
                Files.createDirectories(dest.getParent());
                Files.write(dest, resource(CHECKOUT_RESOURCES + name));
            }
        }
        write(checkout.resolve(".git/HEAD"), "ref: refs/heads/main\n");
        // Binaries "already built" for each track, with the CMake cache of a release configure,
        // so stage and audit can run on the sample without a build.
        for (Track track : catalog.tracks()) {
            Path buildDir = checkout.resolve(track.buildDir().replace('\\', '/'));
            for (SizedFile exe : catalog.executables()) {
                // Built for the track's targets: the GPU code in the file says so, as a real build's would.
                byte[] content = SampleExecutables.withTargets(exe.name(),
                        resource(PE + "rocm" + track.generation() + "/" + exe.name()), track.targets());
                Path file = buildDir.resolve("bin").resolve(exe.name());
                Files.createDirectories(file.getParent());
                SparseFiles.create(file, content, exe.bytes());
            }
            String sdk = (ROCM_ROOT + "\\" + track.rocmVersion()).replace('\\', '/');
            write(buildDir.resolve("CMakeCache.txt"), String.join("\n",
                    "# This is the CMakeCache file.",
                    "# For build in directory: " + (CHECKOUT + "\\" + track.buildDir()).replace('\\', '/'),
                    "AUDIOCPP_DEPLOYMENT_BUILD:BOOL=ON",
                    "CMAKE_BUILD_TYPE:STRING=Release",
                    "CMAKE_CXX_COMPILER:FILEPATH=" + sdk + "/bin/clang++.exe",
                    "CMAKE_C_COMPILER:FILEPATH=" + sdk + "/bin/clang.exe",
                    "CMAKE_GENERATOR:INTERNAL=Ninja",
                    "ENGINE_ENABLE_CUDA:BOOL=OFF",
                    "ENGINE_ENABLE_CUDA_GRAPHS:BOOL=OFF",
                    "ENGINE_ENABLE_HIP:BOOL=ON",
                    "ENGINE_ENABLE_NATIVE_CPU:BOOL=OFF",
                    "ENGINE_ENABLE_OPENMP:BOOL=OFF",
                    "GGML_CUDA_FORCE_MMQ:BOOL=OFF",
                    "GGML_HIP:BOOL=ON",
                    "GGML_HIP_GRAPHS:BOOL=OFF",
                    "GGML_HIP_HIPBLASLT:BOOL=ON",
                    "GGML_HIP_NO_VMM:BOOL=ON",
                    "GGML_NATIVE:BOOL=OFF",
                    "GGML_OPENMP:BOOL=OFF",
                    "GPU_TARGETS:STRING=" + String.join(";", track.targets()),
                    ""));
        }
    }

    private void writeRecordedOutputs(Path root) throws IOException {
        Path rec = root.resolve("recorded");
        write(rec.resolve("amdgpu-arch.txt"), "gfx1100\ngfx1036\n");
        write(rec.resolve("git-describe.txt"), SAMPLE_VERSION + "\n");
        write(rec.resolve("vswhere.json"), vswhereJson());
    }

    /** What {@code vswhere -all -prerelease -products * -format json -utf8} prints on the sample machine. */
    static String vswhereJson() {
        return """
                [
                  {
                    "instanceId": "4f1a2b3c",
                    "installDate": "2026-03-14T09:12:44Z",
                    "installationName": "VisualStudio/17.14.19+36623.8",
                    "installationPath": "%s",
                    "installationVersion": "17.14.36623.8",
                    "productId": "Microsoft.VisualStudio.Product.BuildTools",
                    "productPath": "%s\\\\Common7\\\\Tools\\\\LaunchDevCmd.bat",
                    "state": 4294967295,
                    "isComplete": true,
                    "isLaunchable": true,
                    "isPrerelease": false,
                    "isRebootRequired": false,
                    "displayName": "Visual Studio Build Tools 2022",
                    "description": "The Visual Studio Build Tools allows you to build native and managed MSBuild-based applications without requiring the Visual Studio IDE.",
                    "channelId": "VisualStudio.17.Release",
                    "catalog": { "productDisplayVersion": "17.14.19", "productLineVersion": "2022" }
                  },
                  {
                    "instanceId": "9e8d7c6b",
                    "installDate": "2026-09-02T17:40:03Z",
                    "installationName": "VisualStudio/18.3.1+11512.130",
                    "installationPath": "%s",
                    "installationVersion": "18.3.11512.130",
                    "productId": "Microsoft.VisualStudio.Product.Community",
                    "productPath": "%s\\\\Common7\\\\IDE\\\\devenv.exe",
                    "state": 4294967295,
                    "isComplete": true,
                    "isLaunchable": true,
                    "isPrerelease": false,
                    "isRebootRequired": false,
                    "displayName": "Visual Studio Community 2026",
                    "description": "Powerful IDE, free for students, open-source contributors, and individuals",
                    "channelId": "VisualStudio.18.Release",
                    "catalog": { "productDisplayVersion": "18.3.1", "productLineVersion": "18" }
                  }
                ]
                """.formatted(jsonPath(VS2022_BUILD_TOOLS), jsonPath(VS2022_BUILD_TOOLS),
                jsonPath(VS2026_COMMUNITY), jsonPath(VS2026_COMMUNITY));
    }

    private static String jsonPath(String windowsPath) {
        return windowsPath.replace("\\", "\\\\");
    }

    /**
     * One profile per track ({@code rocm6.json}, {@code rocm7.json}), and the release of both
     * ({@code release.json}): each track in its own build folder with its own SDK, the zips named
     * with the audio.cpp version ({@code audiocpp-windows-hip-rocm6-{version}}).
     */
    private void writeProfiles(Path root) throws PackagerException, IOException {
        ProfileStore store = new ProfileStore(catalog);
        Path profiles = root.resolve("profiles");
        Files.createDirectories(profiles);
        List<ReleasePlan> release = new ArrayList<>();
        for (Track track : catalog.tracks()) {
            ReleasePlan plan = ReleasePlan.forTrack(track)
                    .withSource(CHECKOUT)
                    .withSdk(ROCM_ROOT + "\\" + track.rocmVersion())
                    .withVsInstance(VS2022_BUILD_TOOLS)
                    .withOutputDir(OUTPUT_DIR);
            store.save(plan, profiles.resolve(track.id() + ".json"));
            release.add(plan.withArchiveName(track.packageName() + "-" + PackageName.VERSION));
        }
        store.save(new Release(release), profiles.resolve(RELEASE_PROFILE));
    }

    // ---- file helpers -------------------------------------------------------------------------

    /** The local file of a build-machine path, with C: at {@code root}. */
    private static Path local(Path root, String windowsPath) {
        Path p = root;
        for (String seg : windowsPath.substring(3).split("\\\\")) {
            if (!seg.isEmpty()) {
                p = p.resolve(seg);
            }
        }
        return p;
    }

    /** A file of {@code bytes} length whose content is never written: sparse where the file system allows. */
    static void sparse(Path file, long bytes) throws IOException {
        Files.createDirectories(file.getParent());
        SparseFiles.create(file, new byte[0], bytes);
    }

    /** A real PE file from the resources, padded (sparsely) to a realistic size. */
    private static void pe(Path file, String resource, long bytes) throws IOException, PackagerException {
        byte[] content = resource(PE + resource);
        Files.createDirectories(file.getParent());
        SparseFiles.create(file, content, bytes);
    }

    private static byte[] resource(String name) throws IOException, PackagerException {
        try (InputStream in = SampleEnvironmentWriter.class.getResourceAsStream(name)) {
            if (in == null) {
                // The resources are part of the build; a missing one is a packaging defect.
                throw new PackagerException("The sample resource " + name + " is missing from this build of HIP Packager.");
            }
            return in.readAllBytes();
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    private static boolean isEmpty(Path dir) throws PackagerException {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            return !s.iterator().hasNext();
        } catch (IOException e) {
            throw new PackagerException("Cannot read " + dir + ": " + SmallFile.why(e) + ".");
        }
    }

    private static void deleteQuietly(Path dir) {
        try {
            FileTrees.delete(dir);
        } catch (IOException ignored) {
            // Best effort: the partial folder's name already says it is not finished.
        }
    }
}
