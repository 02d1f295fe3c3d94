package dev.hippack.core.detect;

import dev.hippack.core.PackagerException;
import dev.hippack.core.host.Host;
import dev.hippack.core.inventory.KernelInventory;
import dev.hippack.core.inventory.LibraryInventory;
import java.util.ArrayList;
import java.util.Optional;

/**
 * The measured kernel sizes an estimate or a plan judgement should use: those of an SDK folder
 * the user named, or else of the installed SDK of the plan's ROCm version. Empty means no SDK
 * was found, and the catalog's figures apply.
 */
public final class SdkKernelLookup {

    private final HipSdkFinder finder;

    public SdkKernelLookup(HipSdkFinder finder) {
        this.finder = finder;
    }

    /**
     * The inventory of the SDK at {@code sdkPath} (a build-machine path).
     *
     * @throws PackagerException when the folder does not exist or holds neither kernel library
     */
    public KernelInventory forSdk(Host host, String sdkPath) throws PackagerException {
        HipSdk sdk = finder.inspect(host, sdkPath);
        boolean anyLibrary = sdk.libraries().stream().anyMatch(LibraryInventory::present);
        if (!anyLibrary) {
            String why = sdk.findings().isEmpty() ? "it has no bin\\rocblas\\library or bin\\hipblaslt\\library"
                    : sdk.findings().get(0).message();
            throw new PackagerException("--sdk " + sdkPath + " cannot be measured: " + why
                    + " Give the folder of an installed HIP SDK, e.g. C:\\Program Files\\AMD\\ROCm\\7.1.");
        }
        return sdk.inventory();
    }

    /** The inventory of the detected SDK of {@code rocmVersion} ("7.1"), when one with kernel libraries is installed. */
    public Optional<KernelInventory> forVersion(Host host, String rocmVersion) {
        return finder.find(host, new ArrayList<>()).stream()
                .filter(s -> rocmVersion.equals(s.version()))
                .filter(s -> s.libraries().stream().anyMatch(LibraryInventory::present))
                .map(HipSdk::inventory)
                .findFirst();
    }
}
