package dev.hippack.core.inventory;

import java.util.Collection;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which concrete GPUs an architecture token serves. A concrete id ({@code gfx1151}) serves itself; a
 * generic one ({@code gfx11-generic}, {@code gfx10-3-generic}) serves every id of its family, the
 * code TheRock's kpack loader falls back to when an archive has no code for the exact GPU
 * (ROCm/rocm-systems {@code shared/kpack/python/rocm_kpack/artifact_splitter.py},
 * docs/distribution-rules.md §12).
 */
public final class ArchFamily {

    private static final Pattern GENERIC = Pattern.compile("gfx([0-9]+)(?:-([0-9]+))?-generic");

    private ArchFamily() {
    }

    /** Whether code built for {@code token} runs on the concrete architecture {@code arch}. */
    public static boolean serves(String token, String arch) {
        if (token.equals(arch)) {
            return true;
        }
        Matcher m = GENERIC.matcher(token);
        if (!m.matches() || !arch.startsWith("gfx")) {
            return false;
        }
        String digits = arch.substring(3);
        String family = m.group(1) + (m.group(2) == null ? "" : m.group(2));
        // gfx9-generic serves the three-digit gfx9xx ids, gfx11-generic the four-digit gfx11xx ones.
        int idDigits = m.group(1).length() == 1 ? 3 : 4;
        return digits.startsWith(family) && digits.length() == idDigits;
    }

    /** Whether {@code token} serves one of {@code targets}: the file is kept in a package for them. */
    public static boolean servesAny(String token, Collection<String> targets) {
        for (String t : targets) {
            if (serves(token, t)) {
                return true;
            }
        }
        return false;
    }
}
