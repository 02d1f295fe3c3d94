package dev.hippack.core.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/**
 * A DLL that another DLL opens with LoadLibrary at run time instead of importing it, so no import
 * or delay-import table names it and an import walk never reaches it. Staging ships it whenever
 * its loader is shipped, the estimate counts it, and the audit's {@code deps.runtime-loaded}
 * rule reports it missing beside its loader.
 *
 * @param loader the DLL whose code loads it, e.g. {@code amdhip64_6.dll}
 * @param dll    the DLL loaded, e.g. {@code amd_comgr_2.dll}
 * @param source why we know, with the public source: a sentence for the README and the findings
 */
public record RuntimeLoadedDll(
        @JsonProperty(required = true) String loader,
        @JsonProperty(required = true) String dll,
        @JsonProperty(required = true) String source) {

    public RuntimeLoadedDll {
        Require.text(loader, "loader");
        Require.text(dll, "dll");
        Require.text(source, "source");
        for (String name : new String[] {loader, dll}) {
            if (!name.toLowerCase(Locale.ROOT).endsWith(".dll")) {
                throw new IllegalArgumentException("'" + name + "' is not a .dll file name");
            }
        }
        if (loader.equalsIgnoreCase(dll)) {
            throw new IllegalArgumentException("'" + dll + "' cannot load itself");
        }
    }

    public boolean loadedBy(String fileName) {
        return loader.equalsIgnoreCase(fileName);
    }
}
