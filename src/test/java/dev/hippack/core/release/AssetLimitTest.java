package dev.hippack.core.release;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.archive.ZipResult;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** `release` warns when a zip reaches GitHub's 2 GiB per-asset limit (issue 33 §4). */
class AssetLimitTest {

    private static ZipResult zipOf(long bytes) {
        return new ZipResult(Path.of("out", "pkg.zip"), Path.of("out", "pkg.zip.sha256"), "0".repeat(64), 1, 0, bytes, bytes);
    }

    @Test
    void aZipOfExactlyTwoGibibytesIsAWarningNamingTheZipAndTheLimit() {
        List<Finding> findings = ReleaseService.assetLimit(zipOf(2L * 1024 * 1024 * 1024));
        assertThat(findings).extracting(Finding::id).containsExactly(ReleaseService.ASSET_SIZE);
        assertThat(findings.get(0).severity()).isEqualTo(Severity.WARNING);
        assertThat(findings.get(0).message()).contains("pkg.zip is 2.00 GiB").contains("2.00 GiB limit").contains("HTTP 422");
    }

    @Test
    void aZipOneByteBelowTheLimitPasses() {
        assertThat(ReleaseService.assetLimit(zipOf(2L * 1024 * 1024 * 1024 - 1))).isEmpty();
    }
}
