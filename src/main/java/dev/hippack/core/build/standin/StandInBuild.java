package dev.hippack.core.build.standin;

import dev.hippack.core.PackagerException;
import dev.hippack.core.SparseFiles;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.catalog.SizedFile;
import dev.hippack.core.host.Host;
import dev.hippack.core.io.AtomicFile;
import dev.hippack.core.io.WriteChannels;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Stands in for {@code scripts\build_windows_hip.ps1} where it cannot run. It reads the same
 * parameters, checks the SDK the way the script and CMake do (clang++ and hipBLASLt must be
 * there), prints a configure and a ninja log for the real number of sources at the given pace,
 * writes {@code CMakeCache.txt} from its flags and the sample PE executables of the SDK's ROCm
 * generation into {@code <BuildDir>\bin}, their GPU code (a clang offload bundle) for the
 * {@code -GpuTargets} given. Objects already "built" by an earlier run are not
 * built again, as with ninja. It says on its first line that it is the stand-in.
 * <p>
 * System properties: {@value #HOST} (the host.json folder of a described machine; empty for this
 * machine), {@value #CHECKOUT} (the checkout as a host path: the script's repository root),
 * {@value #PACE} (milliseconds per ninja step) and {@value #HOLD} (a file: while it exists the build
 * waits after its first {@value #HOLD_AFTER} objects, so a test that cancels it finds it running
 * however fast or slow the machine is).
 */
public final class StandInBuild {

    public static final String HOST = "hippack.standin.host";
    public static final String CHECKOUT = "hippack.standin.checkout";
    public static final String PACE = "hippack.standin.paceMillis";
    public static final String HOLD = "hippack.standin.holdWhile";
    /** The objects built before a hold: the log shows configure and the build under way. */
    static final int HOLD_AFTER = 10;
    public static final String FIRST_LINE = "HIP Packager stand-in build";

    private final Host host;
    private final String checkout;
    private final long paceMillis;
    private final PrintStream out;
    private final PrintStream err;

    StandInBuild(Host host, String checkout, long paceMillis, PrintStream out, PrintStream err) {
        this.host = host;
        this.checkout = checkout;
        this.paceMillis = paceMillis;
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(System.err, true, StandardCharsets.UTF_8);
        AtomicBoolean ended = new AtomicBoolean();
        // Runs when the build is cancelled (SIGTERM), so the log shows the stand-in honoured it.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (!ended.get()) {
                out.println("stand-in: cancelled, stopping.");
            }
        }));
        int code;
        try {
            String hostDir = System.getProperty(HOST, "");
            Host host = hostDir.isEmpty() ? Host.local() : Host.describe(Path.of(hostDir));
            String checkout = System.getProperty(CHECKOUT, host.workingDirectory());
            long pace = Long.parseLong(System.getProperty(PACE, "20"));
            code = new StandInBuild(host, checkout, pace, out, err).run(args);
        } catch (PackagerException | IOException | RuntimeException e) {
            err.println(e.getMessage());
            code = 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            code = 1;
        }
        out.flush();
        err.flush();
        ended.set(true);
        System.exit(code);
    }

    int run(String[] args) throws IOException, InterruptedException {
        Map<String, String> p = parameters(args);
        out.println(FIRST_LINE + " (no Windows PowerShell here): it plays scripts\\build_windows_hip.ps1,"
                + " compiles nothing and writes the sample binaries.");
        String rocm = p.getOrDefault("rocmpath", host.env("HIP_PATH").orElse(""));
        rocm = trimSeparators(rocm);
        Path rocmBin = host.resolve(rocm.isEmpty() ? "." : host.join(rocm, "bin"));
        if (rocm.isEmpty() || !Files.isRegularFile(rocmBin.resolve("clang++.exe"))) {
            err.println("No HIP SDK found at '" + rocm + "' (no bin\\clang++.exe). Install it or pass -RocmPath.");
            return 1;
        }
        String targets = p.getOrDefault("gputargets", "");
        if (targets.isBlank()) {
            err.println("No GPU targets given and amdgpu-arch found no GPU. Pass -GpuTargets.");
            return 1;
        }
        String buildDirArg = p.getOrDefault("builddir", "build\\hip");
        String buildDir = host.relativeTo(checkout, buildDirArg);
        Path localBuild;
        try {
            localBuild = host.resolveForWriting(buildDir);
        } catch (PackagerException e) {
            err.println(e.getMessage());
            return 1;
        }
        String target = p.getOrDefault("target", "");
        int generation = Files.exists(rocmBin.resolve("amdhip64_7.dll")) ? 7 : 6;
        boolean hipblaslt = !p.containsKey("nohipblaslt");

        out.println("ROCm path  : " + rocm);
        out.println("GPU targets: " + targets);
        out.println("Build dir  : " + buildDir);
        if (!target.isEmpty()) {
            out.println("Target     : " + target);
        }
        String fwdRocm = rocm.replace('\\', '/');
        boolean fresh = !Files.exists(localBuild.resolve("CMakeCache.txt"));
        String clang = generation == 7 ? "20.0.0" : "19.0.0";
        if (fresh) {
            step("-- The C compiler identification is Clang " + clang + " with GNU-like command-line");
            step("-- The CXX compiler identification is Clang " + clang + " with GNU-like command-line");
            step("-- Detecting C compiler ABI info");
            step("-- Detecting C compiler ABI info - done");
            step("-- Check for working C compiler: " + fwdRocm + "/bin/clang.exe - skipped");
            step("-- Detecting CXX compiler ABI info");
            step("-- Detecting CXX compiler ABI info - done");
            step("-- Check for working CXX compiler: " + fwdRocm + "/bin/clang++.exe - skipped");
            step("-- The HIP compiler identification is Clang " + clang);
        }
        String launcher = System.getenv("CMAKE_CXX_COMPILER_LAUNCHER");
        if (launcher != null && !launcher.isEmpty()) {
            step("-- Compiler launcher: " + launcher);
        }
        step("-- Found hip: " + fwdRocm + " (found version \"" + (generation == 7 ? "7.1.51803" : "6.4.43484") + "\")");
        step("-- Found hipblas: " + fwdRocm + "/lib/cmake/hipblas");
        if (hipblaslt) {
            boolean present = Files.exists(rocmBin.resolve("hipblaslt.dll")) || Files.exists(rocmBin.resolve("libhipblaslt.dll"));
            if (!present) {
                err.println("CMake Error at external/ggml/src/ggml-hip/CMakeLists.txt:41 (find_package):");
                err.println("  By not providing \"Findhipblaslt.cmake\" in CMAKE_MODULE_PATH this project has");
                err.println("  asked CMake to find a package configuration file provided by \"hipblaslt\",");
                err.println("  but CMake did not find one.");
                err.println("-- Configuring incomplete, errors occurred!");
                return 1;
            }
            step("-- Found hipblaslt: " + fwdRocm + "/lib/cmake/hipblaslt");
        }
        step("-- HIP and hipBLAS found");
        step("-- Including HIP backend");
        step("-- Configuring done (" + (fresh ? "14.2" : "0.9") + "s)");
        step("-- Generating done (0.4s)");
        step("-- Build files have been written to: " + buildDir.replace('\\', '/'));
        writeCache(localBuild, buildDir, fwdRocm, targets, p);

        List<String> steps = new ArrayList<>();
        for (String obj : SourceList.objects(target)) {
            if (!Files.exists(localBuild.resolve(obj))) {
                steps.add(obj);
            }
        }
        String exe = target.isEmpty() ? null : target + ".exe";
        int total = steps.size() + (exe == null ? 0 : 1);
        if (total == 0) {
            out.println("ninja: no work to do.");
        }
        int n = 0;
        for (String obj : steps) {
            n++;
            String lang = obj.endsWith(".cu.obj") ? "HIP" : obj.endsWith(".c.obj") ? "C" : "CXX";
            out.println("[" + n + "/" + total + "] Building " + lang + " object " + obj);
            if (n > HOLD_AFTER) {
                holdWhileAsked();
            }
            Path file = localBuild.resolve(obj);
            Files.createDirectories(file.getParent());
            Files.writeString(file, "stand-in object for " + targets + "\n", StandardCharsets.UTF_8);
            pause(lang.equals("HIP") ? 3 : 1);
        }
        if (exe != null) {
            n++;
            out.println("[" + n + "/" + total + "] Linking CXX executable bin\\" + exe);
            pause(2);
            writeBinary(localBuild.resolve("bin"), exe, generation, gpuTargets(targets));
        }
        out.println("Binaries: " + buildDir + "\\bin");
        return 0;
    }

    private void step(String line) throws InterruptedException {
        out.println(line);
        pause(1);
    }

    /** Waits while the file {@value #HOLD} names exists. */
    private static void holdWhileAsked() throws InterruptedException {
        String hold = System.getProperty(HOLD, "");
        while (!hold.isEmpty() && Files.exists(Path.of(hold))) {
            Thread.sleep(20);
        }
    }

    private void pause(int steps) throws InterruptedException {
        if (paceMillis > 0) {
            Thread.sleep(paceMillis * steps);
        }
    }

    private void writeCache(Path localBuild, String buildDir, String fwdRocm, String targets, Map<String, String> p) throws IOException {
        Map<String, String> e = new LinkedHashMap<>();
        e.put("AUDIOCPP_DEPLOYMENT_BUILD:BOOL", onOff(p.containsKey("deploymentbuild")));
        e.put("CMAKE_BUILD_TYPE:STRING", p.getOrDefault("buildtype", "Release"));
        e.put("CMAKE_CXX_COMPILER:FILEPATH", fwdRocm + "/bin/clang++.exe");
        e.put("CMAKE_C_COMPILER:FILEPATH", fwdRocm + "/bin/clang.exe");
        e.put("CMAKE_GENERATOR:INTERNAL", "Ninja");
        e.put("ENGINE_ENABLE_CUDA:BOOL", "OFF");
        e.put("ENGINE_ENABLE_CUDA_GRAPHS:BOOL", onOff(p.containsKey("graphs")));
        e.put("ENGINE_ENABLE_HIP:BOOL", "ON");
        e.put("ENGINE_ENABLE_NATIVE_CPU:BOOL", onOff(!p.containsKey("nonativecpu")));
        e.put("ENGINE_ENABLE_OPENMP:BOOL", "OFF");
        e.put("GGML_CUDA_FORCE_MMQ:BOOL", onOff(p.containsKey("forcemmq")));
        e.put("GGML_HIP:BOOL", "ON");
        e.put("GGML_HIP_GRAPHS:BOOL", onOff(p.containsKey("graphs")));
        e.put("GGML_HIP_HIPBLASLT:BOOL", onOff(!p.containsKey("nohipblaslt")));
        e.put("GGML_HIP_NO_VMM:BOOL", onOff(!p.containsKey("withvmm")));
        e.put("GGML_NATIVE:BOOL", onOff(!p.containsKey("nonativecpu")));
        e.put("GGML_OPENMP:BOOL", "OFF");
        e.put("GPU_TARGETS:STRING", targets);
        StringBuilder sb = new StringBuilder();
        sb.append("# This is the CMakeCache file.\n");
        sb.append("# For build in directory: ").append(buildDir.replace('\\', '/')).append('\n');
        sb.append("# Written by the HIP Packager stand-in build from the parameters it was given.\n");
        e.forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        Files.createDirectories(localBuild);
        AtomicFile.write(localBuild.resolve("CMakeCache.txt"), sb.toString().getBytes(StandardCharsets.UTF_8), true,
                WriteChannels.DEFAULT);
    }

    /** The targets of {@code -GpuTargets}, as CMake's list ({@code gfx1100;gfx1151}) or with commas. */
    static List<String> gpuTargets(String value) {
        List<String> list = new ArrayList<>();
        for (String t : value.split("[;,]")) {
            if (!t.isBlank() && !list.contains(t.trim())) {
                list.add(t.trim());
            }
        }
        return list;
    }

    /**
     * Writes the sample executable with GPU code for {@code targets} (a real link puts the
     * device code its objects were compiled for into the executable), under a temporary name
     * first, so a cancelled link leaves no finished-looking file.
     */
    private static void writeBinary(Path bin, String exe, int generation, List<String> targets) throws IOException {
        String resource = "/dev/hippack/sample/pe/rocm" + generation + "/" + exe;
        Files.createDirectories(bin);
        byte[] content;
        try (InputStream in = StandInBuild.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("the sample binary " + resource + " is missing from HIP Packager; reinstall it");
            }
            content = SampleExecutables.withTargets(exe, in.readAllBytes(), targets);
        }
        // A real build's executables are about 80 MiB each; pad (sparsely) to the catalog's size so
        // the staged package, its totals and the estimate compare like a real release's.
        long realistic = CatalogLoader.embedded().executables().stream()
                .filter(f -> f.name().equalsIgnoreCase(exe)).mapToLong(SizedFile::bytes)
                .findFirst().orElse(0L);
        Path target = bin.resolve(exe);
        // A killed earlier run may have left its temporary file; it never had the final name.
        for (Path leftover : AtomicFile.leftovers(target)) {
            Files.deleteIfExists(leftover);
        }
        try (AtomicFile out = AtomicFile.create(target, WriteChannels.SPARSE)) {
            SparseFiles.write(out.channel(), content, realistic);
            out.commit(true);
        }
    }

    /** PowerShell-style parameters: {@code -Name value} or a {@code -Switch}; names case-insensitive. */
    static Map<String, String> parameters(String[] args) {
        Map<String, String> p = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("-")) {
                continue;
            }
            String name = a.substring(1).toLowerCase(Locale.ROOT);
            if (i + 1 < args.length && !args[i + 1].startsWith("-")) {
                p.put(name, args[++i]);
            } else {
                p.put(name, "");
            }
        }
        return p;
    }

    private static String onOff(boolean b) {
        return b ? "ON" : "OFF";
    }

    private static String trimSeparators(String p) {
        String s = p.trim();
        while (s.length() > 3 && (s.endsWith("\\") || s.endsWith("/"))) {
            s = s.substring(0, s.length() - 1);
        }
        return s;
    }
}
