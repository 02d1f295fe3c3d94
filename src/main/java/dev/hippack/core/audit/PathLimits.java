package dev.hippack.core.audit;

/**
 * How long a folder users may extract a package into. Windows' {@code MAX_PATH} is 260 characters
 * with the terminating NUL, so a full path holds at most 259: Explorer refuses to extract past it
 * ("0x80010135: Path too long"), and rocBLAS looks its files up with ANSI {@code MAX_PATH} calls.
 * rocBLAS was also reported to crash when its files sit deeper than 174 characters (lemonade-sdk
 * PR 3473, see docs/distribution-rules.md §10), so the folder holding the DLLs is kept within
 * that too; whether 174 is only MAX_PATH minus that report's longest file name is not verified.
 *
 * @param topFolder     the folder the package extracts to ({@code audiocpp-windows-hip-rocm6}); empty for a zip without one
 * @param longestEntry  the longest path below it, {@code \}-separated
 */
public record PathLimits(String topFolder, String longestEntry) {

    /** The longest full path Windows' MAX_PATH allows (260 with the terminating NUL). */
    public static final int MAX_PATH_CHARS = 259;
    /** The depth past which rocBLAS was reported to crash: the folder of the package's DLLs. */
    public static final int ROCBLAS_REPORTED_DEPTH = 174;
    /**
     * Explorer's "Extract All" proposes {@code C:\Users\<name>\Downloads\<zip name>}; Windows user
     * names have at most 20 characters, so that is 40 characters before the zip's name.
     */
    public static final int EXPLORER_DEFAULT_ROOT_BEFORE_ZIP_NAME = "C:\\Users\\".length() + 20 + "\\Downloads\\".length();
    /** The folder the package README and release notes suggest. */
    public static final String SUGGESTED_ROOT = "C:\\audiocpp";

    /** The longest path users see after extracting, relative to their chosen folder. */
    public String longestPath() {
        return topFolder.isEmpty() ? longestEntry : topFolder + "\\" + longestEntry;
    }

    /** The longest folder (e.g. {@code C:\audiocpp} is 11) every path of the package stays within MAX_PATH under. */
    public int byMaxPath() {
        return MAX_PATH_CHARS - 1 - longestPath().length();
    }

    /** The longest folder that keeps the package's DLLs within rocBLAS's reported depth. */
    public int byRocblasDepth() {
        return ROCBLAS_REPORTED_DEPTH - (topFolder.isEmpty() ? 0 : 1 + topFolder.length());
    }

    /** The longest extraction folder the package allows: the stricter of the two. */
    public int allowedRoot() {
        return Math.min(byMaxPath(), byRocblasDepth());
    }

    /** What Explorer's default extraction needs: its Downloads folder of the longest user name, then the zip's name. */
    public int explorerDefaultRoot() {
        return EXPLORER_DEFAULT_ROOT_BEFORE_ZIP_NAME + topFolder.length();
    }

    /** The sentence the package README and the release notes tell users where to extract with. */
    public String advice() {
        return "Extract the zip to a short folder such as `" + SUGGESTED_ROOT + "` (at most " + Math.max(0, allowedRoot())
                + " characters): its longest path is " + longestPath().length() + " characters, and Windows (Explorer's"
                + " extraction, rocBLAS's file lookups) fails on paths past 260.";
    }
}
