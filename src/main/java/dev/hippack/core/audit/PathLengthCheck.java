package dev.hippack.core.audit;

import dev.hippack.core.finding.Finding;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Rule "layout.path-length": the longest path of the package and the longest folder users can
 * extract it into ({@link PathLimits}), always reported; a warning when that folder is shorter
 * than what Explorer's "Extract All" proposes, and an error when no folder at all fits.
 */
public final class PathLengthCheck implements PackageCheck {

    public static final String PATH_LENGTH = "layout.path-length";

    @Override
    public List<String> ids() {
        return List.of(PATH_LENGTH);
    }

    @Override
    public List<Finding> check(PackageContents c) {
        List<Finding> findings = new ArrayList<>();
        Optional<PackageEntry> longest = c.entries().stream().max(Comparator.comparingInt((PackageEntry e) -> e.path().length())
                .thenComparing(PackageEntry::path, Comparator.reverseOrder()));
        if (longest.isEmpty()) {
            return findings;
        }
        PathLimits limits = new PathLimits(c.topFolder(), longest.get().windowsPath());
        String path = limits.longestPath();
        int slash = path.lastIndexOf('\\');
        // The folder, not the whole path: a kernel file's name alone is wider than the wizard's findings list.
        String where = slash < 0 ? path : "a file in " + path.substring(0, slash);
        String figures = "The longest path is " + path.length() + " characters (" + where
                + "), so the package can be extracted into a folder of at most " + limits.allowedRoot() + " characters ("
                + PathLimits.SUGGESTED_ROOT + " is " + PathLimits.SUGGESTED_ROOT.length() + "): "
                + limits.byMaxPath() + " by Windows' 260-character MAX_PATH (Explorer's extraction, rocBLAS's file lookups), "
                + limits.byRocblasDepth() + " by the " + PathLimits.ROCBLAS_REPORTED_DEPTH + "-character depth past which rocBLAS"
                + " was reported to crash (not verified on hardware).";
        String shorten = "Shorten the package name (archiveName, now " + c.topFolder().length() + " characters) or the"
                + " longest paths, and tell users to extract to a short folder such as " + PathLimits.SUGGESTED_ROOT + ".";
        if (limits.allowedRoot() < PathLimits.SUGGESTED_ROOT.length()) {
            findings.add(Finding.error(PATH_LENGTH, figures + " Not even " + PathLimits.SUGGESTED_ROOT + " fits. The longest path: " + path + ".", shorten));
        } else if (limits.allowedRoot() < limits.explorerDefaultRoot()) {
            findings.add(Finding.warning(PATH_LENGTH, figures + " Explorer's \"Extract All\" proposes the Downloads folder,"
                    + " up to " + limits.explorerDefaultRoot() + " characters with a 20-character user name, which is too deep.",
                    shorten));
        } else {
            findings.add(Finding.info(PATH_LENGTH, figures, "Nothing to do; the package README tells users to extract to a short folder."));
        }
        return findings;
    }
}
