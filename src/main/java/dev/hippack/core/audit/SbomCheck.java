package dev.hippack.core.audit;

import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.sbom.PackageSbom;
import dev.hippack.core.sbom.SbomReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rules sbom.present and sbom.files: the package carries its bill of materials
 * ({@value PackageSbom#FILE_NAME}), and the SBOM lists exactly the package's files at their sizes.
 * An SBOM that names a file the package lacks, misses one it has, or gives another size was made
 * for other files (a file put in or replaced after staging) and would mislead whoever relies on
 * it. The hashes it gives are checked where the files are read whole (the tests, and users with
 * {@code sha256sum}); the audit reads a zip's entries in place and compares names and sizes.
 */
public final class SbomCheck implements PackageCheck {

    public static final String SBOM_PRESENT = "sbom.present";
    public static final String SBOM_FILES = "sbom.files";

    /** The names listed in a message, at most; the rest are counted. */
    private static final int LISTED = 5;

    private final SbomReader reader = new SbomReader();

    @Override
    public List<String> ids() {
        return List.of(SBOM_PRESENT, SBOM_FILES);
    }

    @Override
    public List<Finding> check(PackageContents c) {
        if (c.sbom().isEmpty()) {
            return List.of(new Finding(SBOM_PRESENT, Severity.WARNING, "The package has no " + PackageSbom.FILE_NAME
                    + ": users and their organisations cannot tell from a bill of materials which components and versions it"
                    + " ships (AMD's ROCm libraries, Microsoft's C++ runtime, audio.cpp and ggml).",
                    "Stage the package again with this HIP Packager; staging writes " + PackageSbom.FILE_NAME + ".",
                    PackageSbom.FILE_NAME));
        }
        SbomReader.Sbom sbom;
        try {
            sbom = reader.read(c.sbom().get(), PackageSbom.FILE_NAME);
        } catch (SbomReader.UnreadableSbomException e) {
            return List.of(new Finding(SBOM_FILES, Severity.ERROR, e.getMessage(),
                    "Stage the package again; staging writes " + PackageSbom.FILE_NAME + " from the staged files.",
                    PackageSbom.FILE_NAME));
        }
        Map<String, Long> inPackage = new LinkedHashMap<>();
        for (PackageEntry e : c.entries()) {
            if (!e.path().equals(PackageSbom.FILE_NAME)) {
                inPackage.put(e.path(), e.size());
            }
        }
        Map<String, SbomReader.ListedFile> listed = new LinkedHashMap<>();
        sbom.files().forEach(f -> listed.putIfAbsent(f.path(), f));
        List<String> missing = new ArrayList<>();
        List<String> unlisted = new ArrayList<>();
        List<String> resized = new ArrayList<>();
        for (Map.Entry<String, Long> e : inPackage.entrySet()) {
            SbomReader.ListedFile f = listed.get(e.getKey());
            if (f == null) {
                unlisted.add(e.getKey());
            } else if (f.bytes().isPresent() && f.bytes().getAsLong() != e.getValue()) {
                resized.add(e.getKey() + " (" + e.getValue() + " bytes, the SBOM says " + f.bytes().getAsLong() + ")");
            }
        }
        for (String path : listed.keySet()) {
            if (!inPackage.containsKey(path)) {
                missing.add(path);
            }
        }
        List<Finding> findings = new ArrayList<>();
        String fix = "Stage the package again so that its " + PackageSbom.FILE_NAME + " is made from the files it ships;"
                + " never add or replace a file after staging.";
        if (!unlisted.isEmpty()) {
            findings.add(new Finding(SBOM_FILES, Severity.ERROR, PackageSbom.FILE_NAME + " does not list " + few(unlisted)
                    + ", which the package holds.", fix, first(unlisted)));
        }
        if (!missing.isEmpty()) {
            findings.add(new Finding(SBOM_FILES, Severity.ERROR, PackageSbom.FILE_NAME + " lists " + few(missing)
                    + ", which the package does not hold.", fix, first(missing)));
        }
        if (!resized.isEmpty()) {
            findings.add(new Finding(SBOM_FILES, Severity.ERROR, "Files differ in size from what " + PackageSbom.FILE_NAME
                    + " says: " + few(resized) + ".", fix, first(resized)));
        }
        return findings;
    }

    private static String few(List<String> names) {
        List<String> shown = names.subList(0, Math.min(LISTED, names.size()));
        String text = String.join(", ", shown.stream().map(n -> n.replace('/', '\\')).toList());
        return names.size() > LISTED ? text + " and " + (names.size() - LISTED) + " more" : text;
    }

    private static String first(List<String> names) {
        String n = names.get(0);
        return n.contains(" (") ? n.substring(0, n.indexOf(" (")) : n;
    }
}
