package dev.hippack.core;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The SHA-256 of a file, as {@code sha256sum} prints it: the zip's line in {@code SHA256SUMS}
 * and each executable in a build record are computed here.
 */
public final class Sha256 {

    /** Large reads: a package zip is gigabytes. */
    private static final int BUFFER_BYTES = 1 << 20;

    private Sha256() { }

    /** The SHA-256 of {@code file}'s bytes, as 64 lower-case hex digits. */
    public static String of(Path file) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        byte[] buffer = new byte[BUFFER_BYTES];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                sha.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
