package dev.hippack.core.detect;

import dev.hippack.core.Version;
import java.util.List;
import java.util.Optional;

/**
 * A CRT redistributable folder, {@code VC\Redist\MSVC\<version>\x64\Microsoft.VC14x.CRT}, as
 * {@link VisualStudioFinder#redists} lists it. Detection reports these; staging copies the CRT
 * DLLs from one of them.
 *
 * @param version the redist folder version, e.g. "14.44.35112" (it differs from the toolset's)
 * @param name    "Microsoft.VC143.CRT" or "Microsoft.VC145.CRT"
 * @param path    the folder, a path of the build machine
 * @param dlls    the DLLs in it, as named on disk
 */
public record CrtRedist(String version, String name, String path, List<String> dlls) {

    public CrtRedist {
        dlls = List.copyOf(dlls);
        Version.parse(version);
    }

    /** {@link #version()} as a number (the finder lists only folders named by a version). */
    public Version versionNumber() {
        return Version.parse(version);
    }

    /** A DLL of this redist as named on disk, looked up case-insensitively as Windows does. */
    public Optional<String> dll(String name) {
        return dlls.stream().filter(d -> d.equalsIgnoreCase(name)).findFirst();
    }
}
