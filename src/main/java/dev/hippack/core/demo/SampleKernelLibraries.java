package dev.hippack.core.demo;

import dev.hippack.core.catalog.KernelLibrary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The file names and sizes of the rocBLAS and hipBLASLt kernel libraries of HIP SDK 6.4 and 7.1:
 * 851 rocBLAS names with the per-arch sizes of the real 6.4 listing, 7.1 scaled to its measured
 * totals, no gfx1103 files; hipBLASLt per-arch files (7.1 without gfx1102); gfx1102 and gfx1150
 * with identical sizes, as in the real listing, so that nothing may deduplicate by size.
 *
 * <p>Sources: the rocBLAS 6.4 names and byte sizes are a public listing of HIP SDK 6.4's
 * {@code bin\rocblas\library} (ROCm/ROCm issue #6120), named as ROCm/Tensile's
 * {@code TensileCreateLibrary.py} names them; the per-arch totals of both versions are those of
 * docs/distribution-rules.md §9. Assumptions: the size of each 7.1 rocBLAS file (scaled), and the
 * hipBLASLt problem-type families and their split of each architecture's total (the file roles
 * follow ROCm/hipBLASLt; the FP8 families of RDNA4 follow public listings of ROCm 7.2).
 */
public final class SampleKernelLibraries {

    private static final double MIB = 1024.0 * 1024.0;

    static final List<String> ROCBLAS_ARCHS = List.of(
            "gfx906", "gfx1030", "gfx1100", "gfx1101", "gfx1102", "gfx1150", "gfx1151", "gfx1200", "gfx1201");
    static final List<String> HIPBLASLT_ARCHS = List.of(
            "gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201");

    private static final List<String> TYPES_4 = List.of(
            "4xi8I_HPA", "BB_HPA", "BS_HPA", "DD", "HH", "HH_HPA", "HS_HPA", "I8I_HPA", "SS");
    private static final List<String> LAYOUTS_4 = List.of("Ailk_Bjlk", "Ailk_Bljk", "Alik_Bjlk", "Alik_Bljk");
    private static final List<String> TYPES_9 = List.of("CC", "ZZ");
    private static final List<String> LAYOUTS_9 = List.of("Ailk_Bjlk", "Ailk_BjlkC", "Ailk_Bljk", "Alik_Bjlk",
            "Alik_BjlkC", "Alik_Bljk", "AlikC_Bjlk", "AlikC_BjlkC", "AlikC_Bljk");

    /** gfx1100's real fallback kernel sizes, in the layout order above. */
    private static final Map<String, long[]> FALLBACK_1100 = Map.of(
            "4xi8I_HPA", new long[] {172152, 143120, 171128, 142352},
            "BB_HPA", new long[] {534000, 478912, 200560, 476096},
            "BS_HPA", new long[] {497896, 253760, 84920, 206288},
            "DD", new long[] {20872, 34984, 20616, 20616},
            "HH", new long[] {198248, 95760, 110872, 95248},
            "HH_HPA", new long[] {422216, 207752, 113456, 172344},
            "HS_HPA", new long[] {379152, 211672, 106768, 248896},
            "I8I_HPA", new long[] {525216, 357168, 499000, 441608},
            "SS", new long[] {58256, 37520, 37008, 46736});

    /** gfx1100's real tuned .co/.dat sizes (co, dat per layout). */
    private static final Map<String, long[]> TUNED_1100 = Map.of(
            "BB_HPA", new long[] {16798720, 553773, 16199424, 650515, 15259064, 594996, 11708648, 580906},
            "HH", new long[] {12455104, 522001, 10171928, 573213, 10478584, 511734, 7843008, 530465},
            "HH_HPA", new long[] {13129224, 544835, 10984512, 567287, 11004072, 541818, 8804808, 567927},
            "I8I_HPA", new long[] {22255776, 684883, 17182264, 704398, 16680720, 638820, 10926616, 716443},
            "SS", new long[] {15770520, 1271499, 16283648, 1456397, 8104600, 567372, 17987464, 1431428});

    /**
     * Measured MiB per arch of rocBLAS 6.4 and of 7.1 (7.1 derived from its totals): the sample's own
     * copy of the facts in docs/distribution-rules.md §9, kept apart from the catalog's so that tests
     * compare two sources. {@code Map.ofEntries}, as a new architecture takes these past ten entries.
     */
    private static final Map<String, Double> ROCBLAS_64_MIB = Map.ofEntries(
            Map.entry("gfx906", 130.1), Map.entry("gfx1030", 147.9), Map.entry("gfx1100", 279.6),
            Map.entry("gfx1101", 156.5), Map.entry("gfx1102", 159.4), Map.entry("gfx1150", 159.4),
            Map.entry("gfx1151", 8.6), Map.entry("gfx1200", 9.1), Map.entry("gfx1201", 9.1));
    private static final Map<String, Double> ROCBLAS_71_MIB = Map.ofEntries(
            Map.entry("gfx906", 22.0), Map.entry("gfx1030", 26.0), Map.entry("gfx1100", 52.0),
            Map.entry("gfx1101", 28.2), Map.entry("gfx1102", 28.7), Map.entry("gfx1150", 28.7),
            Map.entry("gfx1151", 1.55), Map.entry("gfx1200", 1.55), Map.entry("gfx1201", 1.55));
    private static final double ROCBLAS_71_ARCHLESS_MIB = 0.3;

    private static final Map<String, Double> HIPBLASLT_64_MIB = Map.ofEntries(
            Map.entry("gfx1100", 16.0), Map.entry("gfx1101", 17.0), Map.entry("gfx1102", 16.0),
            Map.entry("gfx1103", 16.0), Map.entry("gfx1150", 16.0), Map.entry("gfx1151", 16.0),
            Map.entry("gfx1200", 23.0), Map.entry("gfx1201", 27.0));
    private static final Map<String, Double> HIPBLASLT_71_MIB = Map.ofEntries(
            Map.entry("gfx1100", 17.0), Map.entry("gfx1101", 19.0), Map.entry("gfx1103", 17.0),
            Map.entry("gfx1150", 17.0), Map.entry("gfx1151", 17.0), Map.entry("gfx1200", 189.0),
            Map.entry("gfx1201", 131.0));

    /**
     * The files of one library of one SDK version ("6.4" or "7.1"), paths below {@code library/}.
     * There are listings of those two versions only: any other 7.x gets the 7.1 listing and any
     * other version the 6.4 one (see ARCHITECTURE.md, "A new ROCm version or track").
     */
    public List<SampleFile> files(String rocmVersion, KernelLibrary library) {
        boolean seven = rocmVersion.startsWith("7");
        return library == KernelLibrary.ROCBLAS ? rocblas(seven) : hipblaslt(seven);
    }

    private List<SampleFile> rocblas(boolean seven) {
        List<SampleFile> six = rocblas64();
        if (!seven) {
            return six;
        }
        // 7.1: the same names, each arch scaled to its measured total (compressed code objects).
        Map<String, Long> totals = new LinkedHashMap<>();
        Pattern token = Pattern.compile("(gfx[0-9]+)(-xnack-)?\\.(co|dat|hsaco)$");
        for (SampleFile f : six) {
            totals.merge(archOf(f.relativePath(), token), f.bytes(), Long::sum);
        }
        List<SampleFile> out = new ArrayList<>(six.size());
        for (SampleFile f : six) {
            String arch = archOf(f.relativePath(), token);
            double target = arch.isEmpty() ? ROCBLAS_71_ARCHLESS_MIB : ROCBLAS_71_MIB.get(arch);
            double factor = target * MIB / totals.get(arch);
            out.add(new SampleFile(f.relativePath(), Math.max(1, Math.round(f.bytes() * factor))));
        }
        return out;
    }

    private static String archOf(String name, Pattern token) {
        Matcher m = token.matcher(name);
        if (m.find()) {
            return m.group(1);
        }
        return name.startsWith("Kernels.so-000-") ? name.substring(15, name.indexOf('.', 15)).replace("-xnack-", "") : "";
    }

    private List<SampleFile> rocblas64() {
        List<SampleFile> out = new ArrayList<>();
        for (String arch : ROCBLAS_ARCHS) {
            List<SampleFile> archFiles = new ArrayList<>();
            String hsacoToken = arch.equals("gfx906") ? "gfx906-xnack-" : arch;
            archFiles.add(new SampleFile("Kernels.so-000-" + hsacoToken + ".hsaco", kernelsSo(arch)));
            archFiles.add(new SampleFile("TensileLibrary_lazy_" + arch + ".dat", lazy(arch)));
            double fallbackScale = switch (arch) {
                case "gfx906" -> 0.95;
                case "gfx1030" -> 0.94;
                case "gfx1200", "gfx1201" -> 1.07;
                default -> 1.0;
            };
            for (String[] tl : problemTypes()) {
                long base = fallback1100(tl[0], tl[1]);
                archFiles.add(new SampleFile(stem(tl[0], tl[1]) + "_fallback_" + hsacoToken + ".hsaco",
                        Math.round(base * fallbackScale)));
            }
            if (arch.equals("gfx906")) {
                for (String t : List.of("4xi8I_HPA", "HH_HPA", "HS_HPA", "SS")) {
                    for (String l : LAYOUTS_4) {
                        archFiles.add(new SampleFile(stem(t, l) + "_gfx906-xnack-.hsaco", Math.round(fallback1100(t, l) * 1.6)));
                    }
                }
            }
            List<String[]> tuned = tunedTypes(arch);
            long fixed = archFiles.stream().mapToLong(SampleFile::bytes).sum();
            List<SampleFile> pairs = tunedPairs(arch, tuned, Math.round(ROCBLAS_64_MIB.get(arch) * MIB) - fixed);
            archFiles.addAll(pairs);
            out.addAll(archFiles);
        }
        // Arch-less: the manifest and one metadata file per problem type, 1,393,809 bytes in all.
        out.add(new SampleFile("TensileManifest.txt", 118224));
        List<String[]> types = problemTypes();
        double[] weights = new double[types.size()];
        double sum = 0;
        for (int i = 0; i < types.size(); i++) {
            String t = types.get(i)[0];
            weights[i] = t.equals("CC") || t.equals("ZZ") ? 7360 + i * 3 : 12000 + (i * 977) % 63000;
            sum += weights[i];
        }
        long remaining = 1393809;
        for (int i = 0; i < types.size(); i++) {
            String[] tl = types.get(i);
            long size = i == types.size() - 1 ? remaining : Math.round(1393809 * weights[i] / sum);
            remaining -= size;
            out.add(new SampleFile(stem(tl[0], tl[1]) + "_fallback.dat", size));
        }
        return out;
    }

    private static List<SampleFile> tunedPairs(String arch, List<String[]> tuned, long budget) {
        List<SampleFile> out = new ArrayList<>();
        if (tuned.isEmpty()) {
            return out;
        }
        // gfx1101/gfx1102/gfx1150 carry tiny SS pairs in the real listing; the rest share the budget.
        long tinyCo = arch.equals("gfx1101") ? 28064 : 13312;
        long tinyDat = arch.equals("gfx1101") ? 2031 : 2022;
        boolean tinySs = arch.equals("gfx1101") || arch.equals("gfx1102") || arch.equals("gfx1150");
        double weightSum = 0;
        for (String[] tl : tuned) {
            if (!(tinySs && tl[0].equals("SS"))) {
                weightSum += tunedWeight(tl[0], tl[1], false) + tunedWeight(tl[0], tl[1], true);
            }
        }
        long available = budget - (tinySs ? 4 * (tinyCo + tinyDat) : 0);
        for (String[] tl : tuned) {
            String stem = stem(tl[0], tl[1]) + "_" + arch;
            if (tinySs && tl[0].equals("SS")) {
                out.add(new SampleFile(stem + ".co", tinyCo));
                out.add(new SampleFile(stem + ".dat", tinyDat));
            } else {
                out.add(new SampleFile(stem + ".co", Math.round(available * tunedWeight(tl[0], tl[1], false) / weightSum)));
                out.add(new SampleFile(stem + ".dat", Math.round(available * tunedWeight(tl[0], tl[1], true) / weightSum)));
            }
        }
        return out;
    }

    private static double tunedWeight(String type, String layout, boolean dat) {
        long[] real = TUNED_1100.get(type);
        int li = LAYOUTS_4.indexOf(layout);
        if (real != null && li >= 0) {
            return real[li * 2 + (dat ? 1 : 0)];
        }
        int h = Math.floorMod((type + layout).hashCode(), 7);
        return dat ? 300000 + h * 20000 : 4000000 + h * 500000;
    }

    private static List<String[]> tunedTypes(String arch) {
        List<String> types = switch (arch) {
            case "gfx906" -> List.of("4xi8I_HPA", "DD", "HH", "HH_HPA", "HS_HPA", "SS", "CC", "ZZ");
            case "gfx1030" -> List.of("HH", "HH_HPA", "I8I_HPA", "SS");
            case "gfx1100", "gfx1101", "gfx1102", "gfx1150" -> List.of("BB_HPA", "HH", "HH_HPA", "I8I_HPA", "SS");
            default -> List.of();
        };
        List<String[]> out = new ArrayList<>();
        for (String t : types) {
            for (String l : TYPES_9.contains(t) ? LAYOUTS_9 : LAYOUTS_4) {
                out.add(new String[] {t, l});
            }
        }
        return out;
    }

    private static List<String[]> problemTypes() {
        List<String[]> out = new ArrayList<>();
        for (String t : TYPES_4) {
            for (String l : LAYOUTS_4) {
                out.add(new String[] {t, l});
            }
        }
        for (String t : TYPES_9) {
            for (String l : LAYOUTS_9) {
                out.add(new String[] {t, l});
            }
        }
        return out;
    }

    private static long fallback1100(String type, String layout) {
        long[] real = FALLBACK_1100.get(type);
        if (real != null) {
            return real[LAYOUTS_4.indexOf(layout)];
        }
        int i = LAYOUTS_9.indexOf(layout);
        return type.equals("CC") ? 46500 + i * 16 : 50400 + i * 16;
    }

    private static String stem(String type, String layout) {
        return "TensileLibrary_Type_" + type + "_Contraction_l_" + layout + "_Cijk_Dijk";
    }

    private static long kernelsSo(String arch) {
        return switch (arch) {
            case "gfx906" -> 243256;
            case "gfx1030" -> 247864;
            case "gfx1100", "gfx1102", "gfx1150" -> 260928;
            case "gfx1101" -> 261184;
            case "gfx1151" -> 259136;
            default -> 273736;
        };
    }

    private static long lazy(String arch) {
        return switch (arch) {
            case "gfx906" -> 31798;
            case "gfx1030" -> 23026;
            case "gfx1151", "gfx1200", "gfx1201" -> 17653;
            default -> 24186;
        };
    }

    // ---- hipBLASLt ----------------------------------------------------------------------------

    private List<SampleFile> hipblaslt(boolean seven) {
        List<SampleFile> out = new ArrayList<>();
        Map<String, Double> mib = seven ? HIPBLASLT_71_MIB : HIPBLASLT_64_MIB;
        for (String arch : HIPBLASLT_ARCHS) {
            Double total = mib.get(arch);
            if (total == null) {
                continue;
            }
            boolean rdna4Fp8 = seven && arch.startsWith("gfx120");
            long kernelsSo = rdna4Fp8 ? 20 * 1024 * 1024 : Math.round(3.7 * MIB);
            long extop = 41216;
            long lazy = 29870 + (rdna4Fp8 ? 61000 : 0);
            out.add(new SampleFile("Kernels.so-000-" + arch + ".hsaco", kernelsSo));
            out.add(new SampleFile("extop_" + arch + ".co", extop));
            out.add(new SampleFile("TensileLibrary_lazy_" + arch + ".dat", lazy));
            List<String> stems = hipblasltStems(rdna4Fp8);
            long budget = Math.round(total * MIB) - kernelsSo - extop - lazy;
            double weights = 0;
            for (int i = 0; i < stems.size(); i++) {
                weights += pairWeight(i, false) + pairWeight(i, true);
            }
            for (int i = 0; i < stems.size(); i++) {
                String stem = stems.get(i) + "_" + arch;
                out.add(new SampleFile(stem + ".co", Math.round(budget * pairWeight(i, false) / weights)));
                out.add(new SampleFile(stem + ".dat", Math.round(budget * pairWeight(i, true) / weights)));
            }
        }
        out.add(new SampleFile("hipblasltExtOpLibrary.dat", 4300));
        out.add(new SampleFile("hipblasltTransform.hsaco", Math.round(1.4 * MIB)));
        if (seven) {
            out.add(new SampleFile("TensileLiteLibrary_lazy_Mapping.dat", 20480));
        }
        return out;
    }

    private static double pairWeight(int i, boolean dat) {
        double w = 1.0 + ((i * 7919) % 13) / 10.0;
        return dat ? w * 0.12 : w;
    }

    /** 46 pair stems (11 families x 4 layouts + CC, ZZ); RDNA4 on 7.1 adds the FP8 families. */
    private static List<String> hipblasltStems(boolean fp8) {
        List<String[]> families = new ArrayList<>(List.of(
                new String[] {"BB_BB_HA_Bias_Aux_SAV_UA", "BB_HPA"}, new String[] {"BB_BB_HA_Bias_SAV_UA", "BB_HPA"},
                new String[] {"BB_BB_HA_UA", "BB_HPA"}, new String[] {"BB_SS_HA_Bias_SAV_UA", "BB_HPA"},
                new String[] {"HH_HH_HA_Bias_Aux_SAV_UA", "HH_HPA"}, new String[] {"HH_HH_HA_Bias_SAV_UA", "HH_HPA"},
                new String[] {"HH_HH_HA_UA", "HH_HPA"}, new String[] {"HH_SS_HA_Bias_SAV_UA", "HH_HPA"},
                new String[] {"SS_SS_UA", "SS"}, new String[] {"DD_DD_UA", "DD"}, new String[] {"I8I8_II8_UA", "I8I_HPA"}));
        if (fp8) {
            for (String in : List.of("B8B8", "B8F8", "F8B8", "F8F8")) {
                for (String outType : List.of("BB", "HH", "SS")) {
                    for (String variant : List.of("HA_Bias_Aux_SAV_UA", "HA_Bias_SAV_UA")) {
                        families.add(new String[] {in + "_" + outType + "_" + variant, "F8_HPA"});
                    }
                }
            }
            families.add(new String[] {"F8F8_F8F8_HA_UA", "F8_HPA"});
        }
        List<String> stems = new ArrayList<>();
        for (String[] f : families) {
            for (String l : LAYOUTS_4) {
                stems.add("TensileLibrary_" + f[0] + "_Type_" + f[1] + "_Contraction_l_" + l + "_Cijk_Dijk");
            }
        }
        stems.add("TensileLibrary_CC_CC_UA_Type_CC_Contraction_l_Ailk_Bjlk_Cijk_Dijk");
        stems.add("TensileLibrary_ZZ_ZZ_UA_Type_ZZ_Contraction_l_Ailk_Bjlk_Cijk_Dijk");
        return stems;
    }
}
