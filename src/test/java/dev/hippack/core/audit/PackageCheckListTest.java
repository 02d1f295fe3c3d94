package dev.hippack.core.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.FileTrees;
import dev.hippack.core.finding.Finding;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit's checks are one list, each with its own ids; with the container's ids ({@link ContainerFindings})
 * they are the audit table of the command reference, docs/cli.md (the --json contract).
 */
class PackageCheckListTest {

    private static final Pattern ID = Pattern.compile("`([a-z][a-z0-9-]*(\\.[a-z0-9-]+)?)`");

    @TempDir
    Path tmp;

    private static List<String> checkIds() {
        List<String> ids = new ArrayList<>();
        PackageAuditor.checks(TestPackages.CATALOG).forEach(c -> ids.addAll(c.ids()));
        return ids;
    }

    /**
     * The ids in the first column of docs/cli.md's first table under "### audit", in order (the
     * subsections below it have tables of their own, such as the runtime-loaded DLLs).
     */
    private static List<String> referenceAuditTableIds() throws Exception {
        String reference = Files.readString(Path.of("docs", "cli.md"), StandardCharsets.UTF_8);
        String audit = reference.substring(reference.indexOf("\n### audit\n"));
        audit = audit.substring(0, audit.indexOf("\n### ", 1));
        List<String> ids = new ArrayList<>();
        boolean inTable = false;
        for (String line : audit.split("\n")) {
            if (!line.startsWith("|")) {
                if (inTable) {
                    break;
                }
                continue;
            }
            inTable = true;
            if (line.startsWith("| `")) {
                Matcher m = ID.matcher(line.substring(0, line.indexOf(" |", 2)));
                while (m.find()) {
                    ids.add(m.group(1));
                }
            }
        }
        return ids;
    }

    @Test
    void noTwoChecksShareAnId() {
        List<String> ids = checkIds();
        assertThat(ids).doesNotHaveDuplicates().isNotEmpty();
    }

    @Test
    void theChecksIdsThenTheContainersAreTheReferenceAuditTableInItsOrder() throws Exception {
        // The container's own problems (a zip's entries, a folder's links) are found while reading it,
        // before any check runs; the table lists them after the checks.
        List<String> ids = new ArrayList<>(checkIds());
        ids.addAll(ContainerFindings.IDS);
        assertThat(ids).doesNotHaveDuplicates();
        assertThat(referenceAuditTableIds()).containsExactlyElementsOf(ids);
    }

    @Test
    void everyFindingOfABrokenPackageCarriesADeclaredId() throws Exception {
        Path pkg = TestPackages.good(tmp.resolve("audiocpp-windows-hip-rocm6"), "rocm6");
        Files.delete(pkg.resolve("README.md"));
        FileTrees.delete(pkg.resolve("hipblaslt"));
        Files.createDirectories(pkg.resolve("extra"));
        Files.writeString(pkg.resolve("extra/notes.txt"), "x");
        TestPackages.copy(pkg.resolve("amdhip64_6.dll"), pkg.resolve("KERNEL32.dll"));
        Files.delete(pkg.resolve("VCRUNTIME140.dll"));

        AuditReport report = new PackageAuditor(TestPackages.CATALOG).audit(pkg, Optional.empty());
        Set<String> reported = new LinkedHashSet<>(report.findings().stream().map(Finding::id).toList());
        assertThat(reported).contains(LayoutCheck.LAYOUT, DependencyCheck.DEPS_SYSTEM, DependencyCheck.DEPS_CRT,
                LibraryCheck.LIBS_PRESENT, ReadmeCheck.README_TRACK);
        assertThat(checkIds()).containsAll(reported);
    }
}
