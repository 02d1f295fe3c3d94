package dev.hippack.core.archive;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The unzip tools a user of the package may have, each asked to test a zip we wrote: Info-ZIP
 * {@code unzip -t}, p7zip {@code 7z t}, current 7-Zip {@code 7zz t} and Python's {@code zipfile}.
 * A tool that is not installed is named in the result instead of silently passing
 * ({@code .ci/run} installs them all).
 */
public final class ZipReaders {

    private ZipReaders() { }

    /**
     * Asserts that every reader accepts {@code zip}. The installed ones run first; then a missing
     * one marks the test as skipped, naming it, so a partial check never passes as a full one.
     */
    public static void assertAllAccept(Path zip) throws IOException, InterruptedException {
        List<String> missing = new java.util.ArrayList<>();
        check(missing, zip, "unzip", "No errors detected", "unzip", "-t", zip.toString());
        check(missing, zip, "7z", "Everything is Ok", "7z", "t", zip.toString());
        check(missing, zip, "7zz", "Everything is Ok", "7zz", "t", zip.toString());
        check(missing, zip, "python3", "zipfile ok", "python3", "-c",
                "import sys, zipfile\n"
                        + "z = zipfile.ZipFile(sys.argv[1])\n"
                        + "bad = z.testzip()\n"
                        + "sys.exit('bad entry: %s' % bad) if bad else print('zipfile ok', len(z.infolist()))",
                zip.toString());
        org.junit.jupiter.api.Assumptions.assumeTrue(missing.isEmpty(),
                "not installed, so these readers did not test the zip: " + missing + " (.ci/run installs them)");
    }

    private static void check(List<String> missing, Path zip, String tool, String ok, String... command)
            throws IOException, InterruptedException {
        if (!installed(tool)) {
            missing.add(tool);
            return;
        }
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output;
        try (InputStream in = p.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IOException(tool + " did not finish testing " + zip);
        }
        assertThat(p.exitValue()).as(tool + " on " + zip + ":\n" + output).isZero();
        assertThat(output).as(tool).contains(ok);
    }

    static boolean installed(String tool) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
