package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33 §1b on the command line: the sample's ROCm 6.4 SDK without
 * {@code rocblas\library\TensileLibrary_lazy_gfx1100.dat}. {@code detect} names the missing file as
 * an error; {@code package --skip-build} refuses before any zip is written, naming it.
 */
class DamagedSdkCliTest {

    private static final String INDEX = "rocblas\\library\\TensileLibrary_lazy_gfx1100.dat";

    @TempDir
    Path temp;

    @Test
    void detectNamesTheMissingIndexAndPackageWritesNoZip() throws Exception {
        Path sample = temp.resolve("sample");
        assertThat(CliTestSupport.run("demo-env", sample.toString()).exitCode()).isEqualTo(Cli.OK);
        Files.delete(sample.resolve("Program Files/AMD/ROCm/6.4/bin/rocblas/library/TensileLibrary_lazy_gfx1100.dat"));

        CliTestSupport.Result detect = CliTestSupport.run("--host", sample.toString(), "detect");
        assertThat(detect.exitCode()).as(detect.out() + detect.err()).isEqualTo(Cli.FAILED);
        assertThat(detect.out()).contains("C:\\Program Files\\AMD\\ROCm\\6.4\\bin\\" + INDEX + " is missing");

        Path release = temp.resolve("release");
        CliTestSupport.Result pkg = CliTestSupport.run("--host", sample.toString(), "package", "--profile",
                sample.resolve("profiles/rocm6.json").toString(), "--skip-build", "--out", release.toString());
        assertThat(pkg.exitCode()).as(pkg.out() + pkg.err()).isNotEqualTo(Cli.OK);
        assertThat(pkg.out() + pkg.err()).contains(INDEX);
        assertThat(release.resolve("audiocpp-windows-hip-rocm6.zip")).doesNotExist();
    }
}
