package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ZipCommandTest {

    @TempDir
    Path temp;

    private Path tree() throws Exception {
        Path dir = Files.createDirectories(temp.resolve("staged/rocblas/library"));
        Files.writeString(dir.resolve("TensileManifest.txt"), "manifest\n".repeat(100));
        Files.writeString(temp.resolve("staged/README.md"), "# package\n");
        return temp.resolve("staged");
    }

    @Test
    void zipCommandWritesAVerifiedZipAndChecksums() throws Exception {
        Path out = temp.resolve("dist/audiocpp-windows-hip-rocm6.zip");
        CliTestSupport.Result r = CliTestSupport.run("zip", tree().toString(), "--out", out.toString(), "--threads", "2");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
        assertThat(out).exists();
        assertThat(r.out()).contains("2 files").contains("verified").contains("SHA-256");
        assertThat(Files.readString(out.resolveSibling("SHA256SUMS"))).contains("  audiocpp-windows-hip-rocm6.zip");
        try (var zf = new java.util.zip.ZipFile(out.toFile())) {
            assertThat(zf.getEntry("audiocpp-windows-hip-rocm6/README.md")).isNotNull();
        }
    }

    @Test
    void zipCommandRefusesToReplaceAnExistingZipWithoutForce() throws Exception {
        Path out = Files.createDirectories(temp.resolve("dist")).resolve("p.zip");
        Files.writeString(out, "keep me");
        CliTestSupport.Result r = CliTestSupport.run("zip", tree().toString(), "--out", out.toString());
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("already exists").contains("--force");
        assertThat(Files.readString(out)).isEqualTo("keep me");

        CliTestSupport.Result forced = CliTestSupport.run("zip", tree().toString(), "--out", out.toString(), "--force");
        assertThat(forced.exitCode()).as(forced.err()).isEqualTo(Cli.OK);
        assertThat(Files.readString(out, java.nio.charset.StandardCharsets.ISO_8859_1)).startsWith("PK");
    }

    @Test
    void zipCommandJsonNamesTheZipAndItsDigest() throws Exception {
        Path out = temp.resolve("p.zip");
        CliTestSupport.Result r = CliTestSupport.run("zip", tree().toString(), "--out", out.toString(), "--json",
                "--level", "9", "--root", "pkg");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
        JsonNode json = JsonOutput.mapper().readTree(r.out());
        assertThat(json.get("zip").asText()).isEqualTo(out.toAbsolutePath().normalize().toString());
        assertThat(json.get("sha256").asText()).hasSize(64);
        assertThat(json.get("files").asInt()).isEqualTo(2);
        try (var zf = new java.util.zip.ZipFile(out.toFile())) {
            assertThat(zf.getEntry("pkg/README.md")).isNotNull();
        }
    }

    @Test
    void zipCommandRejectsALevelOutsideZeroToNine() throws Exception {
        CliTestSupport.Result r = CliTestSupport.run("zip", tree().toString(), "--out", temp.resolve("p.zip").toString(),
                "--level", "12");
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("--level");
    }

    @Test
    void zipCommandReplacesTheZipOnlyWithForceAndTheZipIsReadableByEveryTool() throws Exception {
        Path out = temp.resolve("dist/p.zip");
        CliTestSupport.Result r = CliTestSupport.run("zip", tree().toString(), "--out", out.toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
        dev.hippack.core.archive.ZipReaders.assertAllAccept(out);
    }

    @Test
    void aFullDiskExitsOneAndLeavesNoPartialFile() throws Exception {
        Path tree = noiseTree(5);
        Path mount = Files.createDirectories(temp.resolve("small"));
        Assumptions.assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mount.toString()) == 0,
                "cannot mount a tmpfs here (needs root); the full-disk exit code was not checked this way");
        try {
            CliTestSupport.Result r = CliTestSupport.run("zip", tree.toString(), "--out", mount.resolve("p.zip").toString());
            assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.FAILED);
            assertThat(r.err()).contains("disk is full").doesNotContain("Exception");
            assertThat(names(mount)).containsExactly(dev.hippack.core.io.OutputLock.FILE_NAME);
        } finally {
            run("umount", mount.toString());
        }
    }

    @Test
    void aWriteThatFailsInAProcessOfItsOwnExitsOneAndLeavesNothing() throws Exception {
        Path tree = noiseTree(6);
        Path out = temp.resolve("out/p.zip");
        // A file size limit (ulimit -f, in 1 KiB blocks) makes every write past 512 KiB fail with EFBIG.
        String command = "ulimit -f 512 && exec " + ChildJvm.shellQuoted(ChildJvm.command("zip", tree.toString(),
                "--out", out.toString()));
        Process p = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(output).isEqualTo(Cli.FAILED);
        assertThat(output).contains("Could not write").contains("File too large").doesNotContain("Exception");
        assertThat(names(out.getParent())).containsExactly(dev.hippack.core.io.OutputLock.FILE_NAME);
    }

    /** A folder with 3 MiB that does not compress: a zip of it needs about as much room. */
    private Path noiseTree(long seed) throws java.io.IOException {
        Path tree = Files.createDirectories(temp.resolve("big"));
        byte[] noise = new byte[3 << 20];
        new java.util.Random(seed).nextBytes(noise);
        Files.write(tree.resolve("noise.dll"), noise);
        return tree;
    }

    private static java.util.List<String> names(Path dir) throws java.io.IOException {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static int run(String... command) throws Exception {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor();
        } catch (java.io.IOException e) {
            return -1;
        }
    }
}
