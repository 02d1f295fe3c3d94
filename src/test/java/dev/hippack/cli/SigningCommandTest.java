package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.sign.AuthenticodeVerifier;
import dev.hippack.core.sign.PackageSigner;
import dev.hippack.core.sign.SignatureStatus;
import dev.hippack.core.sign.SigningRequest;
import dev.hippack.core.sign.TestCertificates;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code package} and {@code release} with {@code --sign-pfx} on the sample machine: the staged
 * executables signed (checked by us and by osslsigncode), the zip audited clean, and every way the
 * key store or password can be wrong refused before any work. No timestamp server (no network).
 */
class SigningCommandTest {

    @TempDir
    static Path certs;
    static TestCertificates.Certificate publisher;

    @TempDir
    Path temp;

    private final AuthenticodeVerifier verifier = new AuthenticodeVerifier();

    @BeforeAll
    static void makeCertificate() throws Exception {
        publisher = TestCertificates.make(certs, "HIP Packager Test Publisher");
    }

    private static Map<String, String> withPassword(String password) {
        return Map.of(SigningRequest.PASSWORD_ENV, password);
    }

    @Test
    void demoPackageSignsTheStagedExecutablesAndItsZipAuditsWithoutSignatureFindings() throws Exception {
        Path out = temp.resolve("release");
        CliTestSupport.Result r = CliTestSupport.run(withPassword(TestCertificates.PASSWORD), "--demo", "package",
                "--skip-build", "--out", out.toString(), "--sign-pfx", publisher.pfx().toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Cli.OK);
        assertThat(r.out()).contains("signed: audiocpp_cli.exe, audiocpp_server.exe by " + publisher.subject())
                .contains("no timestamp").doesNotContain("sign.unsigned");
        Path pkg = out.resolve("audiocpp-windows-hip-rocm6");
        for (String exe : new String[] {"audiocpp_cli.exe", "audiocpp_server.exe"}) {
            assertThat(verifier.verify(pkg.resolve(exe))).isEqualTo(SignatureStatus.valid(publisher.subject()));
            if (TestCertificates.osslsigncodeInstalled()) {
                TestCertificates.Verdict v = TestCertificates.osslsigncodeVerify(pkg.resolve(exe), publisher.pem());
                assertThat(v.ok()).as(v.output()).isTrue();
            }
        }
        assertThat(Files.readString(pkg.resolve("README.md"))).contains(PackageSigner.SIGNED_LINE);
        try (var s = Files.list(pkg)) {
            assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".signing"));
        }

        CliTestSupport.Result audit = CliTestSupport.run("audit", out.resolve("audiocpp-windows-hip-rocm6.zip").toString());
        assertThat(audit.exitCode()).as(audit.out()).isEqualTo(Cli.OK);
        assertThat(audit.out()).doesNotContain("sign.");
    }

    @Test
    void withoutPasswordOrConsoleSigningIsRefusedBeforeAnyWork() {
        Path out = temp.resolve("release");
        CliTestSupport.Result r = CliTestSupport.run(Map.of(), "--demo", "package", "--skip-build", "--out", out.toString(),
                "--sign-pfx", publisher.pfx().toString());
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains(SigningRequest.PASSWORD_ENV).contains("never taken from the command line");
        assertThat(out.resolve("audiocpp-windows-hip-rocm6")).doesNotExist();
    }

    @Test
    void wrongPasswordIsRefusedBeforeAnythingIsStaged() {
        Path out = temp.resolve("release");
        CliTestSupport.Result r = CliTestSupport.run(withPassword("wrong"), "--demo", "package", "--skip-build", "--out",
                out.toString(), "--sign-pfx", publisher.pfx().toString());
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains(publisher.pfx().toString()).contains(SigningRequest.PASSWORD_ENV)
                .doesNotContain("\tat ");
        assertThat(out.resolve("audiocpp-windows-hip-rocm6")).doesNotExist();
    }

    @Test
    void signingOptionsWithoutAKeyStoreAreBadInput() {
        CliTestSupport.Result r = CliTestSupport.run(Map.of(), "--demo", "package", "--skip-build", "--out",
                temp.resolve("x").toString(), "--sign-timestamp", "http://timestamp.example");
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("--sign-pfx");
    }

    @Test
    void demoReleaseSignsTheExecutablesOfEveryPackage() throws Exception {
        Path out = temp.resolve("release");
        CliTestSupport.Result r = CliTestSupport.run(withPassword(TestCertificates.PASSWORD), "--demo", "release",
                "--skip-build", "--out", out.toString(), "--sign-pfx", publisher.pfx().toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Cli.OK);
        List<Path> packages;
        try (var s = Files.list(out)) {
            packages = s.filter(Files::isDirectory).sorted().toList();
        }
        assertThat(packages).hasSize(2);
        for (Path pkg : packages) {
            assertThat(verifier.verify(pkg.resolve("audiocpp_server.exe")).isValid()).as(pkg.toString()).isTrue();
            assertThat(Files.readString(pkg.resolve("README.md"))).contains(PackageSigner.SIGNED_LINE);
        }
    }
}
