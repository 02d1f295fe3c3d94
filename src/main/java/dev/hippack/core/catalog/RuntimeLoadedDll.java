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
 * @param dll    the DLL loaded, e.g. {@code amd_comgr_2.dll}; or a rule, a name with one {@code *} such as
 *               {@code amd_comgr*.dll}: every DLL of the SDK's {@code bin} it matches (the runtime of HIP SDK 7.2
 *               opens a name computed from its version, {@code amd_comgr0702.dll}, and which names an SDK holds
 *               is read from the SDK, as Ollama ships every {@code amd_comgr*.dll})
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
        if (dll.indexOf('*') != dll.lastIndexOf('*') || loader.contains("*")) {
            throw new IllegalArgumentException("'" + dll + "' loaded by '" + loader + "': only the loaded DLL may be a rule, with one '*'");
        }
        if (loader.equalsIgnoreCase(dll)) {
            throw new IllegalArgumentException("'" + dll + "' cannot load itself");
        }
    }

    public boolean loadedBy(String fileName) {
        return loader.equalsIgnoreCase(fileName);
    }

    /** Whether {@link #dll} is a rule ({@code amd_comgr*.dll}) rather than one name. */
    public boolean isRule() {
        return dll.indexOf('*') >= 0;
    }

    /** Whether {@code fileName} is the DLL loaded, or one the rule matches, compared case-insensitively as Windows does. */
    public boolean matches(String fileName) {
        String name = fileName.toLowerCase(Locale.ROOT);
        String want = dll.toLowerCase(Locale.ROOT);
        int star = want.indexOf('*');
        if (star < 0) {
            return name.equals(want);
        }
        String head = want.substring(0, star);
        String tail = want.substring(star + 1);
        return name.length() >= head.length() + tail.length() && name.startsWith(head) && name.endsWith(tail);
    }
}
