package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hippack.core.sign.AuthenticodeVerifier;
import dev.hippack.core.sign.SigningRequest;
import dev.hippack.core.sign.TestCertificates;
import dev.hippack.launch.RunLog;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Signing from a PKCS#11 token, the way a maintainer with a hardware key (or a cloud HSM's PKCS#11
 * module) signs: {@code --sign-keystore CONFIG --sign-keystore-type PKCS11}, the PIN from the
 * environment. The token is a real SoftHSM 2 token holding a test key and its certificate; the
 * command line runs in a JVM of its own because SoftHSM finds its tokens through the environment
 * variable {@code SOFTHSM2_CONF}, which a running JVM cannot set for itself.
 */
class Pkcs11SigningTest {

    private static final Path SOFTHSM_MODULE = Path.of("/usr/lib/softhsm/libsofthsm2.so");
    private static final String PIN = "1234";
    private static final String LABEL = "release-signer";

    @TempDir
    static Path token;
    static TestCertificates.Certificate publisher;
    static Path config;
    static Path softhsmConf;

    @TempDir
    Path temp;

    @BeforeAll
    static void makeToken() throws Exception {
        assumeTrue(Files.isReadable(SOFTHSM_MODULE) && onPath("softhsm2-util") && onPath("pkcs11-tool"),
                "needs SoftHSM 2 and OpenSC's pkcs11-tool (Debian: softhsm2, opensc; .ci/run installs them)");
        publisher = TestCertificates.make(token, "HIP Packager Token Signer");
        Path tokens = Files.createDirectories(token.resolve("tokens"));
        softhsmConf = Files.writeString(token.resolve("softhsm2.conf"),
                "directories.tokendir = " + tokens + "\nobjectstore.backend = file\nlog.level = ERROR\n");

        KeyStore pfx = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(publisher.pfx())) {
            pfx.load(in, TestCertificates.PASSWORD.toCharArray());
        }
        PrivateKey key = (PrivateKey) pfx.getKey("signing", TestCertificates.PASSWORD.toCharArray());
        Certificate cert = pfx.getCertificate("signing");
        Path keyPem = Files.writeString(token.resolve("key.pem"), "-----BEGIN PRIVATE KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(key.getEncoded())
                + "\n-----END PRIVATE KEY-----\n");
        Path certDer = Files.write(token.resolve("cert.der"), cert.getEncoded());

        tool("softhsm2-util", "--init-token", "--free", "--label", "hippack", "--pin", PIN, "--so-pin", "87654321");
        tool("softhsm2-util", "--import", keyPem.toString(), "--token", "hippack", "--label", LABEL, "--id", "01", "--pin", PIN);
        tool("pkcs11-tool", "--module", SOFTHSM_MODULE.toString(), "--token-label", "hippack", "--login", "--pin", PIN,
                "--write-object", certDer.toString(), "--type", "cert", "--id", "01", "--label", LABEL);
        // SunPKCS11's configuration: the first slot that holds a token is the one just made.
        config = Files.writeString(token.resolve("pkcs11.cfg"),
                "name = SoftHSM\nlibrary = " + SOFTHSM_MODULE + "\nslotListIndex = 0\n");
    }

    private static boolean onPath(String tool) {
        return Files.isExecutable(Path.of("/usr/bin", tool)) || Files.isExecutable(Path.of("/usr/local/bin", tool));
    }

    private static void tool(String... command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("SOFTHSM2_CONF", softhsmConf.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + out);
        }
    }

    private record Run(int code, String out) { }

    private Run packageSignedWithToken(String pin, Path out) throws Exception {
        List<String> command = new ArrayList<>(ChildJvm.command("--demo", "package", "--skip-build", "--no-start-check",
                "--out", out.toString(), "--sign-keystore", config.toString(), "--sign-keystore-type", "PKCS11",
                "--sign-alias", LABEL));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("SOFTHSM2_CONF", softhsmConf.toString());
        pb.environment().put(SigningRequest.PASSWORD_ENV, pin);
        pb.environment().put(RunLog.FOLDER_VARIABLE, Files.createDirectories(temp.resolve("logs")).toString());
        Process p = pb.start();
        p.getOutputStream().close();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), output);
    }

    @Test
    void packageSignsTheExecutablesWithTheTokensKey() throws Exception {
        Path out = temp.resolve("release");

        Run run = packageSignedWithToken(PIN, out);

        assertThat(run.code()).as(run.out()).isEqualTo(Cli.OK);
        assertThat(run.out()).contains("signed: audiocpp_cli.exe, audiocpp_server.exe by " + publisher.subject());
        Path pkg = out.resolve("audiocpp-windows-hip-rocm6");
        AuthenticodeVerifier verifier = new AuthenticodeVerifier();
        for (String exe : new String[] {"audiocpp_cli.exe", "audiocpp_server.exe"}) {
            assertThat(verifier.verify(pkg.resolve(exe)).isValid()).as(exe).isTrue();
            if (TestCertificates.osslsigncodeInstalled()) {
                TestCertificates.Verdict v = TestCertificates.osslsigncodeVerify(pkg.resolve(exe), publisher.pem());
                assertThat(v.ok()).as(v.output()).isTrue();
            }
        }
    }

    @Test
    void aWrongPinIsRefusedByNameBeforeAnythingIsStaged() throws Exception {
        Path out = temp.resolve("release");

        Run run = packageSignedWithToken("0000", out);

        assertThat(run.code()).as(run.out()).isEqualTo(Cli.BAD_INPUT);
        assertThat(run.out()).contains(config.toString()).contains("PKCS11").doesNotContain("\tat ");
        assertThat(out.resolve("audiocpp-windows-hip-rocm6")).doesNotExist();
    }
}
