package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.launch.RunLog;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run log's folder on a full disk (a real 64 KiB tmpfs, filled): the command still works and
 * exits as it would, and stderr says once that the log cannot be written, with no
 * java.util.logging stack trace.
 */
class RunLogFullDiskTest {

    @TempDir
    Path tmp;

    private static int run(String... command) throws Exception {
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
    }

    @Test
    void aFullLogDiskIsOneLineOnStderrAndTheCommandStillWorks() throws Exception {
        List<String> command = ChildJvm.command("estimate", "--track", "rocm6");
        Path mount = Files.createDirectories(tmp.resolve("tmpfs"));
        boolean mounted = run("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", mount.toString()) == 0;
        Assumptions.assumeTrue(mounted, "mounting a tmpfs needs root; this machine refused it, so the full-disk case did not run");
        try {
            try (OutputStream fill = Files.newOutputStream(mount.resolve("fill"))) {
                byte[] block = new byte[4096];
                while (true) {
                    fill.write(block);
                    fill.flush();
                }
            } catch (java.io.IOException full) {
                // The disk is full now, as intended.
            }
            ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(tmp.resolve("out.txt").toFile())
                    .redirectError(tmp.resolve("err.txt").toFile());
            pb.environment().put(RunLog.FOLDER_VARIABLE, mount.toString());
            int code = pb.start().waitFor();
            String out = Files.readString(tmp.resolve("out.txt"));
            String err = Files.readString(tmp.resolve("err.txt"));

            assertThat(code).as(err).isZero();
            assertThat(out).contains("gfx1100");
            assertThat(err).contains("hip-packager: the run log " + mount + "/hip-packager-")
                    .contains("cannot be written (no space left on device); the run goes on, but its log is incomplete.")
                    .doesNotContain("java.util.logging.ErrorManager").doesNotContain("\tat ");
            assertThat(err.lines().filter(l -> l.contains("cannot be written")).count()).as("said once").isEqualTo(1);
        } finally {
            assertThat(run("umount", mount.toString())).isZero();
        }
    }
}
