package dev.hippack.core.audit;

import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Rules license.audiocpp and license.notices: the package carries audio.cpp's license (the
 * checkout's {@code LICENSE}, copied by staging) and a {@code THIRD-PARTY-NOTICES.txt} that names
 * every DLL it ships, so whoever downloads it can tell what each file is and under which terms
 * it comes. Both are warnings: the package runs without them, but should not be published so.
 */
public final class LicenseCheck implements PackageCheck {

    public static final String LICENSE_AUDIOCPP = "license.audiocpp";
    public static final String LICENSE_NOTICES = "license.notices";

    /** The notices file staging writes. */
    public static final String NOTICES = "THIRD-PARTY-NOTICES.txt";
    /** The names audio.cpp's license file may have, in the checkout and in the package. */
    public static final List<String> LICENSE_FILES = List.of("LICENSE", "LICENSE.md", "LICENSE.txt");

    @Override
    public List<String> ids() {
        return List.of(LICENSE_AUDIOCPP, LICENSE_NOTICES);
    }

    @Override
    public List<Finding> check(PackageContents c) {
        List<Finding> findings = new ArrayList<>();
        boolean license = c.topLevel().stream().anyMatch(e -> LICENSE_FILES.stream().anyMatch(n -> n.equalsIgnoreCase(e.name())));
        if (!license) {
            findings.add(new Finding(LICENSE_AUDIOCPP, Severity.WARNING, "The package has no LICENSE: audio.cpp's MIT"
                    + " license requires its copyright and permission notice in every copy, and users cannot tell under"
                    + " which terms they got it.",
                    "Make sure the audio.cpp checkout has its LICENSE file (git checkout -- LICENSE) and stage again; staging"
                            + " copies it into the package.", "LICENSE"));
        }
        if (c.notices().isEmpty()) {
            findings.add(new Finding(LICENSE_NOTICES, Severity.WARNING, "The package has no " + NOTICES + ": it ships"
                    + " ggml, AMD's ROCm libraries and runtime and Microsoft's C++ runtime without saying where they came"
                    + " from or under which terms (MIT, the AMD EULA, the Visual Studio redistribution terms).",
                    "Stage again; staging writes " + NOTICES + " for the files it ships.", NOTICES));
            return findings;
        }
        String notices = c.notices().get().toLowerCase(Locale.ROOT);
        List<String> unnamed = c.bundledDlls().values().stream()
                .map(PackageEntry::name)
                .filter(n -> !notices.contains(n.toLowerCase(Locale.ROOT)))
                .toList();
        if (!unnamed.isEmpty()) {
            findings.add(new Finding(LICENSE_NOTICES, Severity.WARNING, NOTICES + " does not name " + String.join(", ", unnamed)
                    + ", which the package ships: whoever downloads it cannot tell where " + (unnamed.size() == 1 ? "it" : "they")
                    + " came from or under which terms.",
                    "Stage again, so that the notices list every file; add a DLL you put in by hand to " + NOTICES + ".", NOTICES));
        }
        return findings;
    }
}
