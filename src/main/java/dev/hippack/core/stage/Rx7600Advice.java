package dev.hippack.core.stage;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What owners of an RX 7600 (gfx1102) are told, by a package's README and by the release notes,
 * from the packages actually offered: one place, so neither ever points them at a package that
 * does not serve them (issue 33 §3: a rocm6 package without gfx1102 told them to "use the ROCm 6
 * package"). ROCm 7's hipBLASLt ships no gfx1102 kernels (docs/distribution-rules.md §3), so only
 * a ROCm 6 package with the target ticked serves these cards.
 */
public final class Rx7600Advice {

    /** The architecture of the RX 7600 series. */
    public static final String ARCH = "gfx1102";

    /**
     * One package offered to users.
     *
     * @param zipName     the file users download, e.g. {@code audiocpp-windows-hip-rocm6.zip}
     * @param rocmVersion the ROCm version it was built with, e.g. {@code 7.1}
     * @param generation  its ROCm major
     * @param serves      it carries gfx1102 code
     */
    public record Offer(String zipName, String rocmVersion, int generation, boolean serves) {
        public Offer {
            Objects.requireNonNull(zipName, "zipName");
            Objects.requireNonNull(rocmVersion, "rocmVersion");
        }
    }

    private Rx7600Advice() {
    }

    /**
     * The paragraph of a single package's README; empty when the package serves the RX 7600.
     * {@code servingPackage} names the catalog track's package that has gfx1102 by default; it is
     * named only to a ROCm 7 package, for which it is the way out (a ROCm 6 package without the
     * target may be that very package, built from a custom selection).
     */
    public static Optional<String> forPackage(Offer self, Optional<String> servingPackage) {
        if (self.serves()) {
            return Optional.empty();
        }
        String which = self.generation() >= 7 && servingPackage.isPresent()
                ? " (`" + servingPackage.get() + "` has it unless its builder left it out)" : "";
        return Optional.of("**RX 7600 series users (" + ARCH + "): this package has no " + ARCH + " kernels, so those cards"
                + " fail on the GPU here.** " + reason(List.of(self)) + " They need a package built with ROCm 6.4 for "
                + ARCH + which + "; `--backend cpu` works meanwhile.");
    }

    /** The paragraph of the release notes over every zipped package; empty when nothing needs saying. */
    public static Optional<String> forRelease(List<Offer> offers) {
        List<Offer> with = offers.stream().filter(Offer::serves).toList();
        List<Offer> without = offers.stream().filter(o -> !o.serves()).toList();
        if (without.isEmpty()) {
            return Optional.empty();
        }
        if (with.isEmpty()) {
            return Optional.of("**RX 7600 series (" + ARCH + "): no package of this release serves these cards.** "
                    + reason(without) + " They need a package built with ROCm 6.4 for " + ARCH + ".");
        }
        String rest = String.join(", ", without.stream().map(o -> "`" + o.zipName() + "`").toList());
        String because = allRocm7(without) ? " (ROCm " + without.get(0).rocmVersion() + "'s hipBLASLt ships none)" : "";
        return Optional.of("**RX 7600 series (" + ARCH + "): take `" + with.get(0).zipName() + "`.** " + rest
                + (without.size() == 1 ? " has" : " have") + " no " + ARCH + " kernels" + because
                + ", so those cards would fail with " + (without.size() == 1 ? "it" : "them") + ".");
    }

    /** Why the packages lack the target: ROCm 7 cannot have it, a ROCm 6 one was built without it. */
    private static String reason(List<Offer> without) {
        if (allRocm7(without)) {
            return "ROCm " + without.get(0).rocmVersion() + "'s hipBLASLt ships no " + ARCH + " kernels.";
        }
        if (without.stream().noneMatch(o -> o.generation() >= 7)) {
            return (without.size() == 1 ? "It was" : "They were") + " built without that target.";
        }
        return "ROCm 7's hipBLASLt ships no " + ARCH + " kernels, and the ROCm 6 "
                + (without.stream().filter(o -> o.generation() < 7).count() == 1 ? "package was" : "packages were")
                + " built without that target.";
    }

    private static boolean allRocm7(List<Offer> offers) {
        return offers.stream().allMatch(o -> o.generation() >= 7);
    }
}
