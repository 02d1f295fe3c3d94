import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Writes a package-like tree for the zip benchmark: the file sizes of an 8-arch ROCm 6.4
 * package (two ~80 MB executables, the 116 MB comgr DLL, rocBLAS and hipBLASLt kernel folders
 * with hundreds of files) filled with content that deflates about as well as the real package
 * (docs/distribution-rules.md §9: ~1.3 GB to 0.7-0.9 GB): runs of noise (already-compressed sections), code-like
 * token streams (instructions, symbol tables) and repetitive tables, never zeros alone.
 * The same seed gives the same tree. Run: java bench/PackageTreeGenerator.java OUT_DIR [MB]
 */
public final class PackageTreeGenerator {

    private static final String[] TARGETS = {"gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201"};

    public static void main(String[] args) throws IOException {
        Path root = Path.of(args[0]);
        double scale = args.length > 1 ? Double.parseDouble(args[1]) / 1300.0 : 1.0;
        SplittableRandom random = new SplittableRandom(20260729);
        Files.createDirectories(root);
        long total = 0;
        total += write(root.resolve("audiocpp_cli.exe"), mb(80 * scale), random.split());
        total += write(root.resolve("audiocpp_server.exe"), mb(81 * scale), random.split());
        total += write(root.resolve("amdhip64_6.dll"), mb(17 * scale), random.split());
        total += write(root.resolve("amd_comgr_2.dll"), mb(116 * scale), random.split());
        total += write(root.resolve("hipblas.dll"), mb(1 * scale), random.split());
        total += write(root.resolve("rocblas.dll"), mb(42 * scale), random.split());
        total += write(root.resolve("hipblaslt.dll"), mb(5 * scale), random.split());
        total += write(root.resolve("MSVCP140.dll"), 575_000, random.split());
        total += write(root.resolve("VCRUNTIME140.dll"), 120_000, random.split());
        total += write(root.resolve("VCRUNTIME140_1.dll"), 50_000, random.split());
        total += library(root.resolve("rocblas/library"), mb(783 * scale), 110, "TensileLibrary_Type_%s_Contraction_%d_%s.co", random.split());
        total += library(root.resolve("hipblaslt/library"), mb(147 * scale), 24, "Kernels.so-%s-%d-%s.hsaco", random.split());
        Files.writeString(root.resolve("README.md"), "# audio.cpp for AMD GPUs (benchmark tree)\n");
        System.out.printf("wrote %s: %.1f MB%n", root, total / 1e6);
    }

    private static long mb(double m) {
        return (long) (m * 1_000_000);
    }

    /** A kernel folder: per target, a lazy index, a fallback file and many code objects of log-uniform size. */
    private static long library(Path dir, long budget, int filesPerArch, String pattern, SplittableRandom random) throws IOException {
        Files.createDirectories(dir);
        long perArch = budget / TARGETS.length;
        long written = 0;
        String[] types = {"HH", "SS", "DD", "BB", "HS", "4xi8I"};
        for (String arch : TARGETS) {
            long left = perArch;
            written += write(dir.resolve("TensileLibrary_lazy_" + arch + ".dat"), 40_000, random.split());
            written += write(dir.resolve("TensileLibrary_Type_HH_fallback_" + arch + ".hsaco"), Math.min(left / 20, 4_000_000), random.split());
            for (int i = 0; i < filesPerArch && left > 0; i++) {
                long size = (long) Math.exp(Math.log(30_000) + random.nextDouble() * (Math.log(9_000_000) - Math.log(30_000)));
                size = Math.min(size, left);
                if (i == filesPerArch - 1) {
                    size = left;
                }
                String name = String.format(pattern, types[i % types.length], i, arch);
                written += write(dir.resolve(name), size, random.split());
                left -= size;
            }
        }
        return written;
    }

    /** Fills a file with a mix of noise, code-like tokens and tables in blocks of 4-64 KiB. */
    private static long write(Path file, long size, SplittableRandom random) throws IOException {
        byte[][] vocabulary = new byte[384][];
        for (int i = 0; i < vocabulary.length; i++) {
            vocabulary[i] = new byte[4 + random.nextInt(9)];
            for (int j = 0; j < vocabulary[i].length; j++) {
                vocabulary[i][j] = (byte) random.nextInt(256);
            }
        }
        byte[] symbols = "ggml_cuda_op_mul_mat hipblasLtMatmul rocblas_gemm_ex Cijk_Ailk_Bljk_HHS_BH_MT64x64x32 "
                .getBytes(StandardCharsets.US_ASCII);
        byte[] block = new byte[64 * 1024];
        long left = size;
        try (OutputStream out = Files.newOutputStream(file)) {
            while (left > 0) {
                int n = (int) Math.min(left, 4096 + random.nextInt(60 * 1024));
                int kind = random.nextInt(100);
                if (kind < 48) {
                    // Noise: embedded compressed resources, packed constants.
                    for (int i = 0; i < n; i += 8) {
                        long v = random.nextLong();
                        for (int k = 0; k < 8 && i + k < n; k++) {
                            block[i + k] = (byte) (v >>> (8 * k));
                        }
                    }
                } else if (kind < 85) {
                    // Code: a skewed stream of instruction-like tokens with some random operands.
                    int i = 0;
                    while (i < n) {
                        int t = (int) (Math.abs(random.nextGaussian()) * 60) % vocabulary.length;
                        byte[] tok = vocabulary[t];
                        for (int k = 0; k < tok.length && i < n; k++) {
                            block[i++] = tok[k];
                        }
                        if (i < n && random.nextInt(3) == 0) {
                            block[i++] = (byte) random.nextInt(256);
                        }
                    }
                } else {
                    // Tables: symbol names and small counters, very repetitive.
                    for (int i = 0; i < n; i++) {
                        block[i] = (i % 97 < 60) ? symbols[i % symbols.length] : (byte) ((i / 97) & 0x1f);
                    }
                }
                out.write(block, 0, n);
                left -= n;
            }
        }
        return size;
    }
}
