package dev.hippack.core.sbom;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.hippack.core.json.ForeignJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads back what {@link PackageSbom} wrote, as a tree (the audit and {@code diff} also read SBOMs
 * of packages made elsewhere, and CycloneDX's own parser would validate with a library the
 * runtime image does not hold): the files with their hash and size, and the components.
 */
public final class SbomReader {

    /** An SBOM that is not what {@link PackageSbom} writes: the message says what is wrong. */
    public static final class UnreadableSbomException extends Exception {
        private static final long serialVersionUID = 1L;

        UnreadableSbomException(String message) {
            super(message);
        }
    }

    /**
     * One file the SBOM lists.
     *
     * @param path   its path in the package, {@code /}-separated
     * @param sha256 its SHA-256, empty when the SBOM gives none
     * @param bytes  its size, empty when the SBOM gives none
     */
    public record ListedFile(String path, Optional<String> sha256, OptionalLong bytes) { }

    /**
     * One component other than a file: audio.cpp, ggml, a DLL, a kernel library.
     *
     * @param ref         its bom-ref, the key it is compared by between two SBOMs
     * @param name        its name (a DLL's file name)
     * @param description what it is (a DLL's component, e.g. HIP runtime); empty when none
     * @param version     its version; empty when unknown
     * @param sha256      its SHA-256; empty for a component that is no single file
     * @param commit      the commit it was built from (audio.cpp); empty when unknown
     * @param fileCount   the files of a kernel library; empty for other components
     */
    public record Part(String ref, String name, Optional<String> description, Optional<String> version, Optional<String> sha256,
                       Optional<String> commit, OptionalLong fileCount) {

        /** How the component is named in a sentence: {@code amdhip64_6.dll (HIP runtime)}. */
        public String label() {
            return description.map(d -> name + " (" + d + ")").orElse(name);
        }
    }

    /** What one SBOM says: the package's name, its components and its files. */
    public record Sbom(String packageName, Optional<String> packageVersion, List<Part> parts, List<ListedFile> files) {

        public Sbom {
            parts = List.copyOf(parts);
            files = List.copyOf(files);
        }

        public Optional<Part> part(String ref) {
            return parts.stream().filter(p -> p.ref().equals(ref)).findFirst();
        }
    }

    /** The SBOM in {@code json}; {@code what} names it in the message of an {@link UnreadableSbomException}. */
    public Sbom read(String json, String what) throws UnreadableSbomException {
        JsonNode root;
        try {
            root = ForeignJson.trees().readTree(json);
        } catch (JsonProcessingException e) {
            throw new UnreadableSbomException(what + " is not valid JSON: " + e.getOriginalMessage());
        }
        if (root == null || !"CycloneDX".equals(root.path("bomFormat").asText())) {
            throw new UnreadableSbomException(what + " is not a CycloneDX SBOM (no \"bomFormat\": \"CycloneDX\").");
        }
        JsonNode components = root.path("components");
        if (!components.isArray()) {
            throw new UnreadableSbomException(what + " lists no components.");
        }
        List<Part> parts = new ArrayList<>();
        List<ListedFile> files = new ArrayList<>();
        for (JsonNode c : components) {
            String name = c.path("name").asText("");
            if ("file".equals(c.path("type").asText())) {
                files.add(new ListedFile(name, sha256(c), number(c, PackageSbom.BYTES_PROPERTY)));
                continue;
            }
            JsonNode commits = c.path("pedigree").path("commits");
            parts.add(new Part(c.path("bom-ref").asText(name), name, text(c, "description"), text(c, "version"), sha256(c),
                    commits.isArray() && !commits.isEmpty() ? text(commits.get(0), "uid") : Optional.empty(),
                    number(c, PackageSbom.FILE_COUNT_PROPERTY)));
        }
        JsonNode pkg = root.path("metadata").path("component");
        return new Sbom(pkg.path("name").asText(""), text(pkg, "version"), parts, files);
    }

    private static Optional<String> text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || !v.isTextual() || v.asText().isEmpty() ? Optional.empty() : Optional.of(v.asText());
    }

    private static Optional<String> sha256(JsonNode component) {
        for (JsonNode h : component.path("hashes")) {
            if ("SHA-256".equals(h.path("alg").asText())) {
                return text(h, "content");
            }
        }
        return Optional.empty();
    }

    private static OptionalLong number(JsonNode component, String property) {
        for (JsonNode p : component.path("properties")) {
            if (property.equals(p.path("name").asText())) {
                try {
                    return OptionalLong.of(Long.parseLong(p.path("value").asText()));
                } catch (NumberFormatException e) {
                    return OptionalLong.empty();
                }
            }
        }
        return OptionalLong.empty();
    }
}
