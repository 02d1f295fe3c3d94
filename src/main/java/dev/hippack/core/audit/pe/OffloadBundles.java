package dev.hippack.core.audit.pe;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The GPU code a PE file carries: its clang offload bundles, and how they were found.
 *
 * @param file          the file as the caller named it
 * @param foundBy       {@link #REGISTRATION} (through the HIP runtime's registration wrappers, as the
 *                      runtime finds them), {@link #MAGIC} (no wrapper; bundles found by their magic)
 *                      or {@link #NONE}
 * @param registrations how many registration wrappers the file holds (several may share one bundle)
 * @param bundles       the bundles, in file order of their registrations (or of their magic)
 */
public record OffloadBundles(String file, String foundBy, int registrations, List<OffloadBundle> bundles) {

    public static final String REGISTRATION = "registration";
    public static final String MAGIC = "magic";
    public static final String NONE = "none";

    public OffloadBundles {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(foundBy, "foundBy");
        bundles = List.copyOf(bundles);
    }

    /** The bundles whose ids could not be read (compressed with a method HIP Packager cannot undo). */
    public List<OffloadBundle> unread() {
        return bundles.stream().filter(b -> !b.idsRead()).toList();
    }

    /**
     * The GPU processors every bundle whose ids were read holds code for, in first-seen order; a
     * kernel of a bundle without a target fails there with "invalid device function", so a target
     * counts only when each bundle has it. Empty when no bundle was read.
     */
    public List<String> targets() {
        List<OffloadBundle> read = bundles.stream().filter(OffloadBundle::idsRead).toList();
        if (read.isEmpty()) {
            return List.of();
        }
        Set<String> all = new LinkedHashSet<>(read.get(0).gpuTargets());
        for (OffloadBundle b : read) {
            all.retainAll(b.gpuTargets());
        }
        return List.copyOf(all);
    }

    /** Processors some read bundles hold and others lack. */
    public List<String> partialTargets() {
        Set<String> some = new LinkedHashSet<>();
        bundles.stream().filter(OffloadBundle::idsRead).forEach(b -> some.addAll(b.gpuTargets()));
        some.removeAll(targets());
        return List.copyOf(some);
    }

    /** Of {@code wanted}, those not in {@link #targets()}, in the order given. */
    public List<String> missing(Collection<String> wanted) {
        List<String> have = targets();
        List<String> missing = new ArrayList<>();
        for (String w : wanted) {
            if (!have.contains(w) && !missing.contains(w)) {
                missing.add(w);
            }
        }
        return missing;
    }
}
