package dev.hippack.core.archive;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** Package-like trees for the archive tests, and the external tools that judge our zips. */
final class ArchiveFixtures {

    private ArchiveFixtures() { }

    /** Bytes that compress like a DLL: runs of noise between repeated and structured blocks. */
    static byte[] packageLikeBytes(long seed, int size) {
        Random random = new Random(seed);
        byte[] out = new byte[size];
        int pos = 0;
        byte[] phrase = "TensileLibrary_Type_HH_Contraction_l_Ailk_Bljk_Cijk_Dijk_gfx1100 ".getBytes(StandardCharsets.US_ASCII);
        while (pos < size) {
            int block = Math.min(size - pos, 512 + random.nextInt(8192));
            switch (random.nextInt(3)) {
                case 0 -> {
                    byte[] noise = new byte[block];
                    random.nextBytes(noise);
                    System.arraycopy(noise, 0, out, pos, block);
                }
                case 1 -> {
                    for (int i = 0; i < block; i++) {
                        out[pos + i] = phrase[i % phrase.length];
                    }
                }
                default -> {
                    for (int i = 0; i < block; i++) {
                        out[pos + i] = (byte) ((i * 7 + (i >> 5)) & 0x3f);
                    }
                }
            }
            pos += block;
        }
        return out;
    }

    /** A small staged package: two exes, DLLs, kernel folders, a README, an empty file. */
    static Path packageTree(Path parent) throws IOException {
        Path root = Files.createDirectories(parent.resolve("audiocpp-windows-hip-rocm6"));
        Files.write(root.resolve("audiocpp_cli.exe"), packageLikeBytes(1, 3_500_000));
        Files.write(root.resolve("audiocpp_server.exe"), packageLikeBytes(2, 2_100_000));
        Files.write(root.resolve("amdhip64_6.dll"), packageLikeBytes(3, 700_000));
        Files.write(root.resolve("MSVCP140.dll"), packageLikeBytes(4, 40_000));
        Path rocblas = Files.createDirectories(root.resolve("rocblas/library"));
        for (int i = 0; i < 12; i++) {
            Files.write(rocblas.resolve("TensileLibrary_Type_HH_gfx110" + (i % 3) + "_" + i + ".co"),
                    packageLikeBytes(100 + i, 20_000 + i * 3_000));
        }
        Files.writeString(rocblas.resolve("TensileManifest.txt"), "manifest\n");
        Path hipblaslt = Files.createDirectories(root.resolve("hipblaslt/library"));
        Files.write(hipblaslt.resolve("hipblasltTransform.hsaco"), packageLikeBytes(200, 9_000));
        Files.write(hipblaslt.resolve("empty.dat"), new byte[0]);
        Files.writeString(root.resolve("README.md"), "# audio.cpp for AMD GPUs\n");
        return root;
    }

    record Run(int exitCode, String output) { }

    static Run run(Path dir, String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output;
        try (InputStream in = p.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", command) + " did not finish");
        }
        return new Run(p.exitValue(), output);
    }

    /** Skips the calling test with a message when {@code tool} is not on PATH. */
    static void assumeTool(String tool) {
        boolean found = false;
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                if (Files.isExecutable(Path.of(dir, tool))) {
                    found = true;
                    break;
                }
            }
        }
        Assumptions.assumeTrue(found, tool + " is not installed, so this check did not run (.ci/run installs it)");
    }

    static List<String> lines(String text) {
        return new ArrayList<>(text.lines().toList());
    }
}
