package dev.hippack.core.detect;

import java.util.List;

/**
 * A CRT redistributable folder, {@code VC\Redist\MSVC\<version>\x64\Microsoft.VC14x.CRT}.
 *
 * @param version the redist folder version, e.g. "14.44.35112" (it differs from the toolset's)
 * @param name    "Microsoft.VC143.CRT" or "Microsoft.VC145.CRT"
 * @param dlls    the DLLs in it, as named on disk
 */
public record CrtRedist(String version, String name, String path, List<String> dlls) {

    public CrtRedist {
        dlls = List.copyOf(dlls);
    }
}
