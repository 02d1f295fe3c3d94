package dev.hippack.core.detect;

import dev.hippack.core.catalog.RocmDll;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which file of an SDK's {@code bin} plays a catalog DLL's role, whatever the SDK calls it: ROCm
 * renames between releases ({@code libhipblas.dll} in 7.1, {@code hipblas.dll} in 7.2 and TheRock;
 * {@code amd_comgr_3.dll}, {@code amd_comgr0702.dll}, TheRock's unversioned {@code amd_comgr.dll}), so
 * detection reads the names from the folder and the catalog's name is only the first one tried
 * (CTranslate2 #2016 for hipBLAS 7.2; TheRock PR #4730 for the unversioned comgr).
 */
final class DllRoles {

    /** TheRock's kpack reader, imported by its HIP runtime; classic SDKs have none. */
    static final String KPACK = "rocm_kpack.dll";

    private static final Pattern HIP_RUNTIME = Pattern.compile("amdhip64(_[0-9]+)?\\.dll");
    private static final Pattern COMGR = Pattern.compile("amd_comgr[0-9_]*\\.dll");

    private DllRoles() { }

    /**
     * The (lower-case) name in {@code names} that plays {@code dll}'s role: its own name, else another
     * HIP runtime or comgr name, else the name with or without the {@code lib} prefix.
     */
    static Optional<String> find(RocmDll dll, Collection<String> names) {
        String wanted = dll.name().toLowerCase(Locale.ROOT);
        if (names.contains(wanted)) {
            return Optional.of(wanted);
        }
        Pattern family = switch (dll.role()) {
            case HIP_RUNTIME -> HIP_RUNTIME;
            case COMPILER_RUNTIME -> COMGR;
            default -> null;
        };
        if (family != null) {
            return names.stream().filter(n -> family.matcher(n).matches()).sorted().findFirst();
        }
        String other = wanted.startsWith("lib") ? wanted.substring(3) : "lib" + wanted;
        return names.contains(other) ? Optional.of(other) : Optional.empty();
    }

    /**
     * The DLLs of {@code names} a package of this kind carries beside the catalog's roles: every
     * comgr (the runtime opens one by a name computed from its version, and Ollama ships them all),
     * and on TheRock the kpack reader and the math libraries' own dependencies (origami, rocSOLVER).
     */
    static List<String> alsoShipped(SdkKind kind, Collection<String> names) {
        List<String> out = new ArrayList<>();
        names.stream().filter(n -> COMGR.matcher(n).matches()).sorted().forEach(out::add);
        if (kind.therock()) {
            for (String n : List.of(KPACK, "origami.dll", "rocsolver.dll")) {
                if (names.contains(n)) {
                    out.add(n);
                }
            }
        }
        return out;
    }
}
