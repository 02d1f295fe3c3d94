package dev.hippack.core;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A dotted version number as the build machine writes them: ROCm {@code 6.4} and {@code 7.1.51803},
 * MSVC toolsets {@code 14.44.35207}, CRT redists {@code 14.44.35112}, DLL file versions
 * {@code 14.44.35211.0}. Parts compare as numbers, so {@code 14.5.1 < 14.44 < 14.51.36231}.
 *
 * <p>Two versions that differ only in trailing parts compare by those parts, a missing part
 * counting as 0 and the shorter one first when all else is equal ({@code 14.44 < 14.44.0}), so
 * the order agrees with {@link #equals(Object)}. "At least 14.44" in the CRT rule's sense compares
 * {@link #majorMinor()}: a 14.44 redist is numbered 14.44.35112 while its tools are 14.44.35207
 * (docs/distribution-rules.md §6).
 */
public final class Version implements Comparable<Version> {

    /** More digits than this in one part is not a version any tool writes (and would overflow an int). */
    private static final int MAX_PART_DIGITS = 9;

    private final int[] parts;

    private Version(int[] parts) {
        this.parts = parts;
    }

    /**
     * Reads {@code text} ("14.44.35207"). Blanks are not part of a version: a caller reading a
     * padded field strips it first, so a validator never accepts " 6.4" for "6.4".
     *
     * @throws IllegalArgumentException naming the text and what is wrong with it, for anything but
     *                                  numbers separated by single dots
     */
    public static Version parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("no version given: expected numbers separated by dots, such as 14.44.35207");
        }
        String t = text;
        if (t.isEmpty()) {
            throw new IllegalArgumentException("the version is empty: expected numbers separated by dots, such as 14.44.35207");
        }
        String[] split = t.split("\\.", -1);
        int[] parts = new int[split.length];
        for (int i = 0; i < split.length; i++) {
            String p = split[i];
            if (p.isEmpty()) {
                throw new IllegalArgumentException("'" + t + "' is not a version: it has an empty part (two dots, or a dot at "
                        + "either end); expected numbers separated by dots, such as 14.44.35207");
            }
            if (p.length() > MAX_PART_DIGITS || !p.chars().allMatch(c -> c >= '0' && c <= '9')) {
                throw new IllegalArgumentException("'" + t + "' is not a version: '" + p + "' is not a number of at most "
                        + MAX_PART_DIGITS + " digits; expected numbers separated by dots, such as 14.44.35207");
            }
            parts[i] = Integer.parseInt(p);
        }
        return new Version(parts);
    }

    /** {@link #parse(String)} for text that may not be a version at all (a folder name): empty instead of an error. */
    public static Optional<Version> tryParse(String text) {
        try {
            return Optional.of(parse(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The version made of these parts, e.g. {@code of(14, 44)}. */
    public static Version of(int... parts) {
        if (parts.length == 0 || Arrays.stream(parts).anyMatch(p -> p < 0)) {
            throw new IllegalArgumentException("a version needs one or more parts of 0 or more: " + Arrays.toString(parts));
        }
        return new Version(parts.clone());
    }

    /** How many parts were written: 2 for "6.4", 3 for "14.44.35207". */
    public int size() {
        return parts.length;
    }

    /** Part {@code index} (0 is the major), or 0 when the version has fewer parts. */
    public int part(int index) {
        return index < parts.length ? parts[index] : 0;
    }

    public int major() {
        return parts[0];
    }

    /** The second part, 0 when there is none. */
    public int minor() {
        return part(1);
    }

    /** The first two parts: what "at least toolset 14.44" compares. */
    public Version majorMinor() {
        return new Version(new int[] {major(), minor()});
    }

    /** True when this version's parts begin with all of {@code prefix}'s: 14.44.35207 starts with 14.44, not with 14.4. */
    public boolean startsWith(Version prefix) {
        return prefix.parts.length <= parts.length && Arrays.equals(parts, 0, prefix.parts.length, prefix.parts, 0, prefix.parts.length);
    }

    /** {@code compareTo(other) >= 0}. */
    public boolean isAtLeast(Version other) {
        return compareTo(other) >= 0;
    }

    @Override
    public int compareTo(Version other) {
        int n = Math.max(parts.length, other.parts.length);
        for (int i = 0; i < n; i++) {
            int c = Integer.compare(part(i), other.part(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(parts.length, other.parts.length);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Version v && Arrays.equals(parts, v.parts);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(parts);
    }

    /** The parts joined by dots, as numbers ("14.09" reads back as "14.9"). */
    @Override
    public String toString() {
        return Arrays.stream(parts).mapToObj(Integer::toString).collect(Collectors.joining("."));
    }
}
