package dev.hippack.core.launch;

import java.util.Locale;
import java.util.Optional;

/**
 * The NTSTATUS values a Windows process ends with when the loader or the CPU stops it before
 * {@code main} returns. Java reports a Windows exit code as a signed {@code int}, so
 * 0xC0000135 arrives as -1073741515; {@link #of(int)} compares the unsigned 32-bit value.
 */
public enum WindowsExitStatus {
    DLL_NOT_FOUND(0xC0000135L, "STATUS_DLL_NOT_FOUND", "a DLL it imports was found neither in its folder nor in Windows' folders", true),
    INVALID_IMAGE_FORMAT(0xC000007BL, "STATUS_INVALID_IMAGE_FORMAT",
            "a DLL it loads is not a valid image for it (32-bit, another machine, or damaged)", true),
    ENTRYPOINT_NOT_FOUND(0xC0000139L, "STATUS_ENTRYPOINT_NOT_FOUND",
            "a DLL it loads lacks a function it imports (another version of that DLL)", true),
    ORDINAL_NOT_FOUND(0xC0000138L, "STATUS_ORDINAL_NOT_FOUND", "a DLL it loads lacks an ordinal it imports (another version of that DLL)", true),
    DLL_INIT_FAILED(0xC0000142L, "STATUS_DLL_INIT_FAILED", "a DLL it loads failed to initialise", true),
    ACCESS_VIOLATION(0xC0000005L, "STATUS_ACCESS_VIOLATION", "it crashed (access violation)", false),
    ILLEGAL_INSTRUCTION(0xC000001DL, "STATUS_ILLEGAL_INSTRUCTION",
            "the CPU lacks an instruction it uses (a build for the build machine's own CPU?)", false),
    STACK_BUFFER_OVERRUN(0xC0000409L, "STATUS_STACK_BUFFER_OVERRUN", "it stopped itself on a fatal error (fail-fast)", false);

    private final long value;
    private final String symbol;
    private final String meaning;
    private final boolean loader;

    WindowsExitStatus(long value, String symbol, String meaning, boolean loader) {
        this.value = value;
        this.symbol = symbol;
        this.meaning = meaning;
        this.loader = loader;
    }

    /** The status of an exit code as Java reports it, when it is one of these. */
    public static Optional<WindowsExitStatus> of(int exitCode) {
        long unsigned = Integer.toUnsignedLong(exitCode);
        for (WindowsExitStatus s : values()) {
            if (s.value == unsigned) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** An exit code as Windows writes it when it is an NTSTATUS error (0xC0000135), else in decimal. */
    public static String describe(int exitCode) {
        long unsigned = Integer.toUnsignedLong(exitCode);
        return unsigned >= 0xC0000000L ? String.format(Locale.ROOT, "0x%08X", unsigned) : Integer.toString(exitCode);
    }

    /** The unsigned 32-bit value, e.g. 0xC0000135. */
    public long value() {
        return value;
    }

    /** The name Windows' headers give it, e.g. STATUS_DLL_NOT_FOUND. */
    public String symbol() {
        return symbol;
    }

    /** What it means for the program, as a clause. */
    public String meaning() {
        return meaning;
    }

    /** True for a failure of the loader (a DLL missing, wrong or broken), before any code of the program ran. */
    public boolean loaderFailure() {
        return loader;
    }
}
