package dev.hippack.core.plan;

import java.util.Objects;
import java.util.Optional;

/**
 * Which audio.cpp a checkout holds: its {@code git describe} ("v0.4.3", "v0.4.3-2-gabc1234-dirty")
 * and the commit its HEAD names. Either is null when it cannot be told (no git, not a clone). A
 * build records it and packaging compares it with the checkout, since the package is named and
 * described from the checkout when it is packaged.
 *
 * @param version the checkout's {@code git describe}; null when unknown
 * @param commit  the full object name of HEAD's commit; null when unknown
 */
public record SourceRevision(String version, String commit) {

    public static final SourceRevision UNKNOWN = new SourceRevision(null, null);

    /** "v0.4.3 (commit 615971e0a1b2)", "commit 615971e0a1b2", "an unknown version". */
    public String describe() {
        String c = commit == null ? null : "commit " + commit.substring(0, Math.min(12, commit.length()));
        if (version == null) {
            return c == null ? "an unknown version" : c;
        }
        return c == null ? version : version + " (" + c + ")";
    }

    /**
     * How {@code now} differs from this, when both tell: the commits when both are known, else the
     * versions; empty when they agree or cannot be compared.
     */
    public Optional<String> mismatch(SourceRevision now) {
        if (commit != null && now.commit() != null) {
            return commit.equalsIgnoreCase(now.commit()) ? Optional.empty() : Optional.of("commit");
        }
        if (version != null && now.version() != null) {
            return Objects.equals(version, now.version()) ? Optional.empty() : Optional.of("version");
        }
        return Optional.empty();
    }
}
