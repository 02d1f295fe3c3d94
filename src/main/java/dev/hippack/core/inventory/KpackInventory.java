package dev.hippack.core.inventory;

import java.util.Collection;
import java.util.List;

/**
 * The {@code .kpack} archives of one installation, as {@link KpackLayout} places them ({@code <root>\.kpack}).
 * Empty ({@link #NONE}) for the classic HIP SDKs, which have no such folder.
 *
 * @param path     the folder as the build machine names it; empty when there is none
 * @param problems what could not be read, naming the path
 */
public record KpackInventory(String path, List<KpackArchive> archives, List<String> problems) {

    public static final KpackInventory NONE = new KpackInventory("", List.of(), List.of());

    public KpackInventory {
        archives = List.copyOf(archives);
        problems = List.copyOf(problems);
    }

    public boolean present() {
        return !archives.isEmpty();
    }

    /** The archives a package for {@code targets} ships: every one serving a ticked GPU (its own or its family's). */
    public List<KpackArchive> keptFor(Collection<String> targets) {
        return archives.stream().filter(a -> a.keptFor(targets)).toList();
    }

    /** Bytes of the archives that hold code for {@code arch} itself (not its generic family's). */
    public long archBytes(String arch) {
        return archives.stream().filter(a -> a.arch().filter(arch::equals).isPresent()).mapToLong(KpackArchive::bytes).sum();
    }

    /** The architectures with an archive of their own, in the order found. */
    public List<String> archs() {
        return archives.stream().flatMap(a -> a.arch().stream()).distinct().toList();
    }
}
