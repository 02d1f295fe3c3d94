package dev.hippack;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Comments and documents cite docs/distribution-rules.md and docs/design.md by section
 * ("docs/distribution-rules.md §8.3"); every such section exists. Code cites only documents in
 * this repository or public sources: no "design §N" or "reference/*.md" from outside it.
 */
class DocsCitationsTest {

    private static final List<String> DOCS = List.of("distribution-rules.md", "design.md");

    /** A document name, then one or more section numbers: "§4.4, §4.5 and §7", "§4 (the build) and §6". */
    private static final Pattern CITATION = Pattern.compile(
            "(distribution-rules|design)\\.md\\)?((?:(?:,|\\s|and|or)*§\\d+(?:\\.\\d+)?(?: \\([^)]*\\))?)+)");
    private static final Pattern SECTION = Pattern.compile("§(\\d+(?:\\.\\d+)?)");
    private static final Pattern HEADING = Pattern.compile("^#{2,4} §(\\d+(?:\\.\\d+)?) ", Pattern.MULTILINE);
    private static final Pattern OUTSIDE = Pattern.compile("(?<!\\.md )\\bdesign §\\d|\\bguide §\\d|reference/[a-z-]+\\.md");

    private static Set<String> sections(String doc) throws Exception {
        Set<String> out = new HashSet<>();
        Matcher m = HEADING.matcher(Files.readString(Path.of("docs", doc), StandardCharsets.UTF_8));
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static List<Path> citingFiles() throws Exception {
        List<Path> files = new ArrayList<>(List.of(Path.of("README.md"), Path.of("ARCHITECTURE.md"), Path.of("bench", "README.md")));
        for (String root : List.of("src", "bench", "docs", "tools")) {
            try (Stream<Path> walk = Files.walk(Path.of(root))) {
                walk.filter(Files::isRegularFile)
                        .filter(p -> !p.toString().contains("node_modules"))
                        .filter(p -> p.toString().matches(".*\\.(java|md|json|sh)$"))
                        .filter(p -> !files.contains(p))
                        .forEach(files::add);
            }
        }
        return files;
    }

    @Test
    void everyCitedSectionExists() throws Exception {
        List<String> missing = new ArrayList<>();
        int citations = 0;
        for (Path f : citingFiles()) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            Matcher m = CITATION.matcher(text);
            while (m.find()) {
                String doc = m.group(1) + ".md";
                Set<String> known = sections(doc);
                Matcher s = SECTION.matcher(m.group(2));
                while (s.find()) {
                    citations++;
                    if (!known.contains(s.group(1))) {
                        missing.add(f + ": docs/" + doc + " §" + s.group(1));
                    }
                }
            }
        }
        assertThat(citations).as("citations found").isGreaterThan(20);
        assertThat(missing).isEmpty();
    }

    @Test
    void bothDocumentsNumberTheirSections() throws Exception {
        for (String doc : DOCS) {
            assertThat(sections(doc)).as(doc).contains("1", "5", "9");
        }
    }

    @Test
    void codeCitesNothingOutsideTheRepositoryByNumber() throws Exception {
        List<String> outside = new ArrayList<>();
        for (Path f : citingFiles()) {
            if (f.startsWith("docs")) {
                continue; // design.md says what the old "design §N" meant
            }
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                if (OUTSIDE.matcher(lines.get(i)).find()) {
                    outside.add(f + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        }
        assertThat(outside).isEmpty();
    }
}
