package dev.hippack.core.audit;

import java.util.Locale;
import java.util.Set;

/**
 * What the audit knows about DLL names, compared case-insensitively as Windows does.
 *
 * <p>System DLLs are those every supported 64-bit Windows (10 and 11) has in System32, plus the
 * API-set names ({@code api-ms-win-*}, {@code ext-ms-*}) the loader resolves itself. A package
 * must not bundle them, and an import of one needs nothing in the package. The list holds the
 * DLLs native Windows programs commonly import; a DLL missing from it is reported by
 * deps.closure, which is the safe direction (the fix says to check whether Windows has it).
 */
public final class DllNames {

    /** Windows system DLLs (lower case). The AMD driver's own DLLs are deliberately not here: the package bundles the HIP runtime. */
    public static final Set<String> SYSTEM = Set.of(
            "kernel32.dll", "kernelbase.dll", "ntdll.dll", "user32.dll", "gdi32.dll", "gdiplus.dll", "advapi32.dll",
            "shell32.dll", "shlwapi.dll", "ole32.dll", "oleaut32.dll", "combase.dll", "rpcrt4.dll", "sechost.dll",
            "ws2_32.dll", "mswsock.dll", "wsock32.dll", "iphlpapi.dll", "dnsapi.dll", "winhttp.dll", "wininet.dll",
            "urlmon.dll", "bcrypt.dll", "bcryptprimitives.dll", "ncrypt.dll", "crypt32.dll", "secur32.dll",
            "sspicli.dll", "wintrust.dll", "dbghelp.dll", "dbgeng.dll", "imagehlp.dll", "version.dll", "psapi.dll",
            "userenv.dll", "setupapi.dll", "cfgmgr32.dll", "devobj.dll", "hid.dll", "winmm.dll", "powrprof.dll",
            "comctl32.dll", "comdlg32.dll", "imm32.dll", "uxtheme.dll", "dwmapi.dll", "dxgi.dll", "d3d11.dll",
            "d3d12.dll", "dxcore.dll", "opengl32.dll", "netapi32.dll", "mpr.dll", "wtsapi32.dll", "wldap32.dll",
            "normaliz.dll", "msvcrt.dll", "ucrtbase.dll", "ntdsapi.dll", "shcore.dll", "propsys.dll",
            "cabinet.dll", "wevtapi.dll", "pdh.dll", "tdh.dll", "avrt.dll", "mmdevapi.dll", "ksuser.dll");

    /** The OpenMP runtimes rule deps.openmp forbids: LLVM's (MSVC /openmp:llvm), MSVC's own, Intel's and upstream LLVM's. */
    public static final Set<String> OPENMP = Set.of(
            "libomp140.x86_64.dll", "libomp140d.x86_64.dll", "vcomp140.dll", "vcomp140d.dll", "libiomp5md.dll",
            "libomp.dll");

    /** The MSVC C++ runtime a package bundles (from VC\Redist\MSVC\...\x64\Microsoft.VC14x.CRT; docs/distribution-rules.md §6). */
    public static final Set<String> GUIDE_CRT = Set.of("msvcp140.dll", "vcruntime140.dll", "vcruntime140_1.dll");

    private DllNames() { }

    public static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    public static boolean isSystem(String name) {
        String n = key(name);
        return SYSTEM.contains(n) || n.startsWith("api-ms-win-") || n.startsWith("ext-ms-");
    }

    public static boolean isOpenMp(String name) {
        return OPENMP.contains(key(name));
    }

    /** The MSVC runtime DLLs of the 14.x redist: msvcp140*.dll, vcruntime140*.dll, concrt140.dll, vccorlib140.dll. */
    public static boolean isCrt(String name) {
        String n = key(name);
        return (n.startsWith("msvcp140") || n.startsWith("vcruntime140") || n.equals("concrt140.dll")
                || n.equals("vccorlib140.dll")) && n.endsWith(".dll");
    }

    /** The HSA runtime: on Windows the AMD driver provides it, a package must never carry it. */
    public static boolean isHsaRuntime(String name) {
        return key(name).startsWith("hsa-runtime64");
    }
}
