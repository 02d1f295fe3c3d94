package dev.hippack.core.sign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.PackagerException;
import dev.hippack.core.audit.pe.PeFixtures;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Signing a staged package: the executables signed and verified (by us and by osslsigncode), a
 * vendor's signed DLL and the user's build output untouched, the README saying who signed what,
 * bad key stores refused by name. Without a timestamp server: the tests have no network.
 */
class PackageSignerTest {

    static final List<String> EXECUTABLES = List.of("audiocpp_cli.exe", "audiocpp_server.exe");

    @TempDir
    static Path certs;
    static TestCertificates.Certificate publisher;
    static TestCertificates.Certificate vendor;

    @TempDir
    Path dir;
    Path pkg;

    private final PackageSigner signer = new PackageSigner();
    private final AuthenticodeVerifier verifier = new AuthenticodeVerifier();

    @BeforeAll
    static void makeCertificates() throws Exception {
        publisher = TestCertificates.make(certs, "HIP Packager Test Publisher");
        vendor = TestCertificates.make(certs, "Test GPU Vendor");
    }

    @BeforeEach
    void stagePackage() throws Exception {
        pkg = Files.createDirectories(dir.resolve("pkg"));
        for (String exe : EXECUTABLES) {
            Files.copy(PeFixtures.test("x64-exe-imports.exe"), pkg.resolve(exe));
        }
        Files.copy(PeFixtures.test("x64-dll-delay.dll"), pkg.resolve("rocblas.dll"));
        Files.writeString(pkg.resolve("README.md"), "# pkg\n\nText.\n");
    }

    private SigningRequest request() {
        return SigningRequest.pfx(publisher.pfx().toString(), TestCertificates.PASSWORD);
    }

    private SigningResult sign() throws Exception {
        return signer.run(request(), pkg, EXECUTABLES, OperationListener.NONE, CancellationToken.none());
    }

    @Test
    void executablesAreSignedAndOsslsigncodeVerifiesThem() throws Exception {
        SigningResult result = sign();
        assertThat(result.signedByUs()).extracting(SignedFile::path).containsExactlyElementsOf(EXECUTABLES);
        for (String exe : EXECUTABLES) {
            assertThat(verifier.verify(pkg.resolve(exe))).isEqualTo(SignatureStatus.valid(publisher.subject()));
            if (TestCertificates.osslsigncodeInstalled()) {
                TestCertificates.Verdict v = TestCertificates.osslsigncodeVerify(pkg.resolve(exe), publisher.pem());
                assertThat(v.ok()).as("osslsigncode verify %s:%n%s", exe, v.output()).isTrue();
                assertThat(v.output()).contains("SHA256");
            }
        }
        assertThat(pkg.resolve("rocblas.dll")).hasSameBinaryContentAs(PeFixtures.test("x64-dll-delay.dll"));
        try (var s = Files.list(pkg)) {
            assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".signing"));
        }
    }

    @Test
    void vendorSignedDllKeepsItsBytesAndTheReadmeSaysWhoSignedWhat() throws Exception {
        Path vendorDll = AuthenticodeVerifierTest.signedCopy(dir, "amdhip64_6.dll", vendor);
        Files.copy(vendorDll, pkg.resolve("amdhip64_6.dll"));
        byte[] before = Files.readAllBytes(vendorDll);

        SigningResult result = sign();

        assertThat(Files.readAllBytes(pkg.resolve("amdhip64_6.dll"))).isEqualTo(before);
        assertThat(result.files()).contains(new SignedFile("amdhip64_6.dll", vendor.subject(), false),
                new SignedFile("rocblas.dll", "", false));
        String readme = Files.readString(pkg.resolve("README.md"));
        assertThat(readme).startsWith("# pkg\n\nText.\n\n" + PackageSigner.README_SECTION)
                .contains(PackageSigner.SIGNED_LINE + "audiocpp_cli.exe, audiocpp_server.exe")
                .contains("| audiocpp_cli.exe | " + publisher.subject() + " (when packaged) |")
                .contains("| amdhip64_6.dll | " + vendor.subject() + " |")
                .contains("| rocblas.dll | not signed |");
    }

    @Test
    void executableAlreadySignedIsLeftAlone() throws Exception {
        Path signed = AuthenticodeVerifierTest.signedCopy(dir, "signed.exe", vendor);
        Files.copy(signed, pkg.resolve("audiocpp_cli.exe"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        SigningResult result = sign();
        assertThat(pkg.resolve("audiocpp_cli.exe")).hasSameBinaryContentAs(signed);
        assertThat(result.signedByUs()).extracting(SignedFile::path).containsExactly("audiocpp_server.exe");
    }

    @Test
    void buildOutputHardLinkedIntoThePackageKeepsItsBytes() throws Exception {
        Path build = Files.createDirectories(dir.resolve("build"));
        Path built = build.resolve("audiocpp_cli.exe");
        Files.copy(PeFixtures.test("x64-exe-imports.exe"), built);
        Files.delete(pkg.resolve("audiocpp_cli.exe"));
        Files.createLink(pkg.resolve("audiocpp_cli.exe"), built);

        sign();

        assertThat(built).hasSameBinaryContentAs(PeFixtures.test("x64-exe-imports.exe"));
        assertThat(verifier.verify(pkg.resolve("audiocpp_cli.exe")).isValid()).isTrue();
    }

    @Test
    void signingAgainReplacesTheReadmeSection() throws Exception {
        sign();
        Files.copy(PeFixtures.test("x64-exe-imports.exe"), pkg.resolve("audiocpp_cli.exe"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        sign();
        String readme = Files.readString(pkg.resolve("README.md"));
        assertThat(readme.split(PackageSigner.README_SECTION, -1)).hasSize(2);
    }

    @Test
    void wrongPasswordNamesTheKeyStoreAndTheVariable() throws Exception {
        SigningRequest wrong = SigningRequest.pfx(publisher.pfx().toString(), "not-the-password");
        assertThatThrownBy(() -> signer.run(wrong, pkg, EXECUTABLES, OperationListener.NONE, CancellationToken.none()))
                .isInstanceOf(PackagerException.class)
                .hasMessageContaining(publisher.pfx().toString())
                .hasMessageContaining(SigningRequest.PASSWORD_ENV);
        assertThat(pkg.resolve("audiocpp_cli.exe")).hasSameBinaryContentAs(PeFixtures.test("x64-exe-imports.exe"));
        assertThat(Files.readString(pkg.resolve("README.md"))).doesNotContain(PackageSigner.README_SECTION);
    }

    @Test
    void missingKeyStoreIsRefusedByName() {
        SigningRequest missing = SigningRequest.pfx(dir.resolve("nope.pfx").toString(), "x");
        assertThatThrownBy(() -> signer.run(missing, pkg, EXECUTABLES, OperationListener.NONE, CancellationToken.none()))
                .isInstanceOf(PackagerException.class).hasMessageContaining("nope.pfx").hasMessageContaining("does not exist");
    }

    @Test
    void passwordNeverAppearsInTheRequestsText() {
        SigningRequest r = new SigningRequest("PKCS12", "k.pfx", Optional.empty(), "s3cret-pw", Optional.of("http://ts.example"));
        assertThat(r.toString()).doesNotContain("s3cret-pw").contains("k.pfx").contains("http://ts.example");
    }
}
