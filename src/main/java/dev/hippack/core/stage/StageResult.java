package dev.hippack.core.stage;

import dev.hippack.core.finding.Finding;
import java.nio.file.Path;
import java.util.List;

/**
 * A complete staged package folder.
 *
 * @param packageDir the folder under its final name
 * @param files      files in it, the generated ones included
 * @param bytes      their total size
 * @param linked     files staged as hard links to their source
 * @param copied     files staged as copies (another volume, or links not supported)
 * @param findings   the layout's warnings and notes
 */
public record StageResult(Path packageDir, int files, long bytes, int linked, int copied, List<Finding> findings) {

    public StageResult {
        findings = List.copyOf(findings);
    }
}
