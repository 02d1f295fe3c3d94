package dev.hippack.core.sbom;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hippack.core.json.ForeignJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which component a package file belongs to, who supplies it and under which license: the data
 * of {@code components.json}, kept as data so a license or a new DLL name is one line there.
 *
 * @param components the components of files from others (the ROCm DLLs and kernel libraries, the C++ runtime)
 * @param audiocpp   audio.cpp's own license
 * @param ggml       the ggml audio.cpp vendors: its folder in the checkout and its license
 */
public record ComponentCatalog(List<Rule> components, License audiocpp, Vendored ggml) {

    private static final String RESOURCE = "/dev/hippack/sbom/components.json";

    /** A license: an SPDX id (MIT) or, for terms SPDX has no id for, a name. */
    public record License(Optional<String> id, Optional<String> name) {

        public License {
            if (id.isEmpty() == name.isEmpty()) {
                throw new IllegalArgumentException("a license has an SPDX id or a name, not both nor neither");
            }
        }

        public String text() {
            return id.orElseGet(name::orElseThrow);
        }
    }

    /**
     * One component of files from others.
     *
     * @param name     what it is called, e.g. {@code HIP runtime}
     * @param supplier who makes it
     * @param files    the patterns of its files' lower-case paths in the package
     * @param license  its license
     * @param folder   true for a kernel library: one component for the whole folder, not one per file
     */
    public record Rule(String name, String supplier, List<String> files, License license, boolean folder) {

        public Rule {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(supplier, "supplier");
            files = List.copyOf(files);
            Objects.requireNonNull(license, "license");
        }

        /** Whether the package file at {@code path} ({@code /}-separated) is one of this component's. */
        public boolean matches(String path) {
            String lower = path.toLowerCase(Locale.ROOT);
            return files.stream().anyMatch(glob -> regex(glob).matcher(lower).matches());
        }

        /** For a kernel library, its folder in the package ({@code rocblas/library}). */
        public String folderPath() {
            String glob = files.get(0);
            return glob.endsWith("/**") ? glob.substring(0, glob.length() - 3) : glob;
        }
    }

    /** A library vendored in the audio.cpp checkout. */
    public record Vendored(String folder, License license) {

        private static final Pattern GGML_VERSION =
                Pattern.compile("set\\s*\\(\\s*GGML_VERSION_(MAJOR|MINOR|PATCH)\\s+(\\d+)\\s*\\)");

        /**
         * Its version in the checkout at {@code checkout}, from the {@code GGML_VERSION_MAJOR},
         * {@code _MINOR} and {@code _PATCH} its {@code CMakeLists.txt} sets (as ggml's does);
         * empty when the file is not there or sets no version.
         */
        public Optional<String> version(Path checkout) {
            Path cmake = checkout.resolve(folder).resolve("CMakeLists.txt");
            if (!Files.isRegularFile(cmake)) {
                return Optional.empty();
            }
            try {
                Map<String, String> parts = new HashMap<>();
                Matcher m = GGML_VERSION.matcher(Files.readString(cmake, StandardCharsets.UTF_8));
                while (m.find()) {
                    parts.putIfAbsent(m.group(1), m.group(2));
                }
                return parts.size() < 3 ? Optional.empty()
                        : Optional.of(parts.get("MAJOR") + "." + parts.get("MINOR") + "." + parts.get("PATCH"));
            } catch (IOException | UncheckedIOException e) {
                return Optional.empty();
            }
        }
    }

    public ComponentCatalog {
        components = List.copyOf(components);
        Objects.requireNonNull(audiocpp, "audiocpp");
        Objects.requireNonNull(ggml, "ggml");
    }

    /** The first component {@code path} belongs to; empty for the package's own files. */
    public Optional<Rule> componentOf(String path) {
        return components.stream().filter(r -> r.matches(path)).findFirst();
    }

    /** The catalog HIP Packager ships, read from its resource. */
    public static ComponentCatalog standard() {
        try (InputStream in = ComponentCatalog.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the application");
            }
            return parse(ForeignJson.trees().readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + RESOURCE, e);
        }
    }

    static ComponentCatalog parse(JsonNode root) {
        List<Rule> rules = new ArrayList<>();
        for (JsonNode c : required(root, "components")) {
            List<String> files = new ArrayList<>();
            required(c, "files").forEach(f -> files.add(f.asText().toLowerCase(Locale.ROOT)));
            if (files.isEmpty()) {
                throw new IllegalStateException(RESOURCE + ": component " + c.path("name").asText() + " names no files");
            }
            rules.add(new Rule(required(c, "name").asText(), required(c, "supplier").asText(), files, license(c),
                    c.path("folder").asBoolean(false)));
        }
        JsonNode ggml = required(root, "ggml");
        return new ComponentCatalog(rules, license(required(root, "audiocpp")),
                new Vendored(required(ggml, "folder").asText(), license(ggml)));
    }

    private static License license(JsonNode node) {
        return new License(text(node, "licenseId"), text(node, "licenseName"));
    }

    private static Optional<String> text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? Optional.empty() : Optional.of(v.asText());
    }

    private static JsonNode required(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw new IllegalStateException(RESOURCE + " lacks '" + field + "'");
        }
        return v;
    }

    /** A path pattern as a regular expression: {@code **} any characters, {@code *} any but {@code /}. */
    private static Pattern regex(String glob) {
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char ch = glob.charAt(i);
            if (ch == '*' && i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                re.append(".*");
                i++;
            } else if (ch == '*') {
                re.append("[^/]*");
            } else {
                re.append(Pattern.quote(String.valueOf(ch)));
            }
        }
        return Pattern.compile(re.toString());
    }
}
