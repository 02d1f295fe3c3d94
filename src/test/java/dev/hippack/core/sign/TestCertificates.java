package dev.hippack.core.sign;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Self-made code-signing certificates for the tests, made by the JDK's own keytool (a real
 * process): a PFX with the key and the certificate, and the certificate as PEM for
 * {@code osslsigncode verify -CAfile}. Never a real publisher's key.
 */
public final class TestCertificates {

    public static final String PASSWORD = "test-password";

    /** A PFX file and its certificate as PEM. */
    public record Certificate(Path pfx, Path pem, String subject) { }

    private TestCertificates() { }

    /** A self-signed RSA-2048 code-signing certificate for {@code commonName}, in {@code dir}. */
    public static Certificate make(Path dir, String commonName) throws IOException, InterruptedException {
        String base = commonName.replaceAll("[^A-Za-z0-9]", "-");
        Path pfx = dir.resolve(base + ".pfx");
        Path pem = dir.resolve(base + ".pem");
        keytool(List.of("-genkeypair", "-alias", "signing", "-keyalg", "RSA", "-keysize", "2048", "-sigalg", "SHA256withRSA",
                "-dname", "CN=" + commonName + ", O=HIP Packager tests", "-validity", "30", "-ext", "EKU=codeSigning",
                "-storetype", "PKCS12", "-keystore", pfx.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD));
        keytool(List.of("-exportcert", "-rfc", "-alias", "signing", "-storetype", "PKCS12", "-keystore", pfx.toString(),
                "-storepass", PASSWORD, "-file", pem.toString()));
        return new Certificate(pfx, pem, "CN=" + commonName + ",O=HIP Packager tests");
    }

    private static void keytool(List<String> args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException("keytool failed: " + out);
        }
    }

    /** {@code osslsigncode verify} of {@code file} against {@code ca}: its exit code and output. */
    public record Verdict(int exit, String output) {
        public boolean ok() {
            return exit == 0 && output.contains("Signature verification: ok");
        }
    }

    public static Verdict osslsigncodeVerify(Path file, Path ca) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("osslsigncode", "verify", "-CAfile", ca.toString(), "-in", file.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Verdict(p.waitFor(), out);
    }

    public static boolean osslsigncodeInstalled() {
        return Files.isExecutable(Path.of("/usr/bin/osslsigncode")) || Files.isExecutable(Path.of("/usr/local/bin/osslsigncode"));
    }
}
