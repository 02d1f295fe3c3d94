package dev.hippack.core.plan;

import dev.hippack.core.PackagerException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A package's name from its profile's {@code archiveName}, which may hold one placeholder,
 * {@value #VERSION}: the audio.cpp version ({@code git describe} of the checkout), so that
 * {@code audiocpp-windows-hip-rocm6-{version}} becomes {@code audiocpp-windows-hip-rocm6-v0.4.3}.
 *
 * <p>The version goes into a file name as {@code git describe} prints it, except that a {@code /}
 * (a tag such as {@code release/0.4.3}) becomes {@code -}. Anything else that is not a letter,
 * digit, {@code . _ + -} is refused rather than silently changed, and so is a version over
 * {@value #MAX_VERSION_CHARS} characters or one that starts or ends with a dot or a dash.
 */
public final class PackageName {

    /** The placeholder {@code archiveName} may hold. */
    public static final String VERSION = "{version}";
    /** The longest version put into a file name. */
    public static final int MAX_VERSION_CHARS = 64;

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{[^{}]*}");
    private static final Pattern FILE_SAFE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]*");
    /** What {@code git describe --always} prints when no tag is reachable: the abbreviated commit. */
    private static final Pattern BARE_COMMIT = Pattern.compile("[0-9a-f]{7,40}(-dirty)?");

    private PackageName() { }

    /** True when {@code archiveName} holds {@value #VERSION}. */
    public static boolean usesVersion(String archiveName) {
        return archiveName.contains(VERSION);
    }

    /**
     * What is wrong with the placeholders of {@code archiveName}, or empty: a brace that is not
     * part of {@value #VERSION}, or another placeholder.
     */
    public static Optional<String> placeholderProblem(String archiveName) {
        Matcher m = PLACEHOLDER.matcher(archiveName);
        while (m.find()) {
            if (!m.group().equals(VERSION)) {
                return Optional.of("'" + m.group() + "' is not a placeholder HIP Packager knows; the only one is " + VERSION
                        + " (the audio.cpp version)");
            }
        }
        String rest = archiveName.replace(VERSION, "");
        if (rest.indexOf('{') >= 0 || rest.indexOf('}') >= 0) {
            return Optional.of("a brace that is not part of " + VERSION + "; write the placeholder exactly as " + VERSION);
        }
        return Optional.empty();
    }

    /** {@code archiveName} with a stand-in version, to check it as a file name before any version is known. */
    public static String withSampleVersion(String archiveName) {
        return archiveName.replace(VERSION, "v0.0.0");
    }

    /**
     * The version as it goes into a file name. {@code git describe --always} prints the bare
     * abbreviated commit when no tag is reachable; it gets a {@code g} in front, as describe
     * itself writes commits after a tag ({@code v0.4.3-12-g615971e}), so the name says it is a commit.
     *
     * @throws PackagerException naming the version and what to do, when it cannot be a file name
     */
    public static String fileSafe(String version) throws PackagerException {
        String v = version.strip().replace('/', '-');
        if (BARE_COMMIT.matcher(v).matches()) {
            v = "g" + v;
        }
        if (v.length() > MAX_VERSION_CHARS || !FILE_SAFE.matcher(v).matches() || v.endsWith(".") || v.endsWith("-")) {
            throw new PackagerException("The audio.cpp version '" + printable(version) + "' cannot go into a file name: "
                    + (v.length() > MAX_VERSION_CHARS ? "it is longer than " + MAX_VERSION_CHARS + " characters"
                    : "use letters, digits, '.', '_', '+' and '-' only (a '/' becomes '-'), starting with a letter or"
                    + " digit and not ending with '.' or '-'")
                    + ". Tag the checkout with such a name (git tag v0.4.3), or remove " + VERSION + " from archiveName.");
        }
        return v;
    }

    /**
     * The package name: {@code archiveName} with {@value #VERSION} replaced by the file-safe
     * {@code version}. Without the placeholder the name is {@code archiveName} whatever the version.
     *
     * @param where names the package in messages, e.g. the profile and package
     * @throws PackagerException when the placeholder is used and no version is known, or the
     *                           version cannot be a file name
     */
    public static String resolve(String archiveName, Optional<String> version, String where) throws PackagerException {
        if (!usesVersion(archiveName)) {
            return archiveName;
        }
        if (version.isEmpty() || version.get().isBlank()) {
            throw new PackagerException(where + ": archiveName '" + archiveName + "' uses " + VERSION
                    + ", but the audio.cpp version is not known (the checkout is not a git clone, git is missing, or"
                    + " 'git describe --tags --always' printed nothing). Run from a git clone with its tags (git fetch --tags),"
                    + " or remove " + VERSION + " from archiveName.");
        }
        return archiveName.replace(VERSION, fileSafe(version.get()));
    }

    /**
     * Whether {@code name} (a package or zip name without {@code .zip}) is one {@code archiveName}
     * gives for some version: the name itself without the placeholder (ignoring case, as Windows
     * does), any file-safe version in its place otherwise. How a release finds a package's zip
     * among zips made elsewhere, or last release's zips, without knowing their version.
     */
    public static boolean matches(String archiveName, String name) {
        if (!usesVersion(archiveName)) {
            return archiveName.equalsIgnoreCase(name);
        }
        String[] parts = archiveName.split(Pattern.quote(VERSION), -1);
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            regex.append(Pattern.quote(parts[i]));
            if (i < parts.length - 1) {
                regex.append("[A-Za-z0-9][A-Za-z0-9._+-]*");
            }
        }
        return Pattern.compile(regex.toString(), Pattern.CASE_INSENSITIVE).matcher(name).matches();
    }

    private static String printable(String text) {
        String oneLine = text.replaceAll("\\p{Cntrl}", "?");
        return oneLine.length() <= 80 ? oneLine : oneLine.substring(0, 80) + "...";
    }
}
