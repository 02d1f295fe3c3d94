package dev.hippack.core.archive;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
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
     * Asserts that every reader accepts {@code zip}. The installed ones run first, side by side (each
     * reads the whole zip; one after the other they took as long as the rest of a zip test); then a
     * missing one marks the test as skipped, naming it, so a partial check never passes as a full one.
     */
    public static void assertAllAccept(Path zip) throws IOException, InterruptedException {
        List<String> missing = new java.util.ArrayList<>();
        List<Reader> started = new java.util.ArrayList<>();
        try {
            start(started, missing, zip, "unzip", "No errors detected", "unzip", "-t", zip.toString());
            start(started, missing, zip, "7z", "Everything is Ok", "7z", "t", zip.toString());
            start(started, missing, zip, "7zz", "Everything is Ok", "7zz", "t", zip.toString());
            start(started, missing, zip, "python3", "zipfile ok", "python3", "-c",
                    "import sys, zipfile\n"
                            + "z = zipfile.ZipFile(sys.argv[1])\n"
                            + "bad = z.testzip()\n"
                            + "sys.exit('bad entry: %s' % bad) if bad else print('zipfile ok', len(z.infolist()))",
                    zip.toString());
            for (Reader r : started) {
                r.check(zip);
            }
        } finally {
            for (Reader r : started) {
                r.process.destroyForcibly();
                Files.deleteIfExists(r.output);
            }
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(missing.isEmpty(),
                "not installed, so these readers did not test the zip: " + missing + " (.ci/run installs them)");
    }

    /** One reader testing the zip, its output going to a file until it ends. */
    private record Reader(String tool, String ok, Process process, Path output) {

        void check(Path zip) throws IOException, InterruptedException {
            if (!process.waitFor(10, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IOException(tool + " did not finish testing " + zip);
            }
            String text = Files.readString(output, StandardCharsets.UTF_8);
            assertThat(process.exitValue()).as(tool + " on " + zip + ":\n" + text).isZero();
            assertThat(text).as(tool).contains(ok);
        }
    }

    private static void start(List<Reader> started, List<String> missing, Path zip, String tool, String ok, String... command)
            throws IOException {
        if (!installed(tool)) {
            missing.add(tool);
            return;
        }
        Path output = Files.createTempFile("hippack-" + tool + "-", ".txt");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        started.add(new Reader(tool, ok, p, output));
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
