package dev.hippack.core.detect;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One MSVC toolset folder ({@code VC\Tools\MSVC\<version>}) and what HIP Packager thinks of it.
 *
 * @param version  the folder name, e.g. "14.44.35207"
 * @param compiler {@code bin\Hostx64\x64\cl.exe} is present
 * @param dumpbin  {@code bin\Hostx64\x64\dumpbin.exe} is present
 * @param fix      for a refused or incomplete toolset: what to do instead
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MsvcToolset(String version, ToolsetVerdict verdict, String reason, String fix, boolean compiler, boolean dumpbin, String path) {

    /** The {@code -vcvars_ver} value for it: major.minor, e.g. "14.44". */
    public String vcvarsVersion() {
        String[] p = version.split("\\.");
        return p.length >= 2 ? p[0] + "." + p[1] : version;
    }
}
