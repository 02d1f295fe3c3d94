package dev.hippack.core.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationListener;
import dev.hippack.core.sign.PackageSigner;
import dev.hippack.core.sign.SigningRequest;
import dev.hippack.core.sign.TestCertificates;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import net.jsign.pe.PEFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit's signature findings on a package folder and on its zip: unsigned, signed, changed
 * after signing, a signature its certificate does not verify, and an executable put back unsigned
 * into a package that was signed. Signed with self-made keytool certificates, no timestamp.
 */
class SignatureCheckTest {

    static final List<String> EXECUTABLES = List.of("audiocpp_cli.exe", "audiocpp_server.exe");

    @TempDir
    static Path certs;
    static TestCertificates.Certificate publisher;
    static TestCertificates.Certificate vendor;

    @TempDir
    Path dir;
    Path pkg;

    private final PackageAuditor auditor = new PackageAuditor(TestPackages.CATALOG);

    @BeforeAll
    static void makeCertificates() throws Exception {
        publisher = TestCertificates.make(certs, "HIP Packager Test Publisher");
        vendor = TestCertificates.make(certs, "Test GPU Vendor");
    }

    @BeforeEach
    void goodPackage() throws Exception {
        pkg = TestPackages.good(dir.resolve("audiocpp-windows-hip-rocm6"), "rocm6");
    }

    private void sign(Path folder, TestCertificates.Certificate cert, List<String> files) throws Exception {
        new PackageSigner().run(SigningRequest.pfx(cert.pfx().toString(), TestCertificates.PASSWORD), folder, files,
                OperationListener.NONE, CancellationToken.none());
    }

    /** The sign.* findings of the folder, and the same of its zip (read in place). */
    private List<Finding> signFindings() throws Exception {
        List<Finding> ofFolder = signFindings(pkg);
        Path zip = TestPackages.zip(pkg, dir.resolve("pkg-" + System.nanoTime() + ".zip"), "audiocpp-windows-hip-rocm6");
        assertThat(signFindings(zip)).as("the zip's findings are the folder's").isEqualTo(ofFolder);
        return ofFolder;
    }

    private List<Finding> signFindings(Path input) throws Exception {
        return auditor.audit(input, Optional.of(TestPackages.plan("rocm6"))).findings().stream()
                .filter(f -> f.id().startsWith("sign.")).toList();
    }

    @Test
    void unsignedExecutablesAreOneWarningNamingTheRisk() throws Exception {
        List<Finding> f = signFindings();
        assertThat(f).singleElement().satisfies(w -> {
            assertThat(w.id()).isEqualTo(SignatureCheck.SIGN_UNSIGNED);
            assertThat(w.severity()).isEqualTo(Severity.WARNING);
            assertThat(w.message()).contains("audiocpp_cli.exe, audiocpp_server.exe").contains("Smart App Control")
                    .contains("SmartScreen");
            assertThat(w.fix()).contains("--sign-pfx").contains(SigningRequest.PASSWORD_ENV);
        });
    }

    @Test
    void signedPackageHasNoSignatureFindings() throws Exception {
        sign(pkg, publisher, EXECUTABLES);
        assertThat(signFindings()).isEmpty();
    }

    @Test
    void vendorSignedDllsBesideSignedExecutablesPass() throws Exception {
        sign(pkg, vendor, List.of("amdhip64_6.dll", "rocblas.dll"));
        Files.delete(pkg.resolve("README.md"));
        Files.writeString(pkg.resolve("README.md"), TestPackages.readme(TestPackages.track("rocm6")));
        sign(pkg, publisher, EXECUTABLES);
        assertThat(signFindings()).isEmpty();
        assertThat(Files.readString(pkg.resolve("README.md"))).contains("| amdhip64_6.dll | " + vendor.subject() + " |");
    }

    @Test
    void executableChangedAfterSigningIsAnError() throws Exception {
        sign(pkg, publisher, EXECUTABLES);
        Path exe = pkg.resolve("audiocpp_cli.exe");
        byte[] bytes = Files.readAllBytes(exe);
        bytes[0x400] ^= 0x5A;
        Files.write(exe, bytes);
        assertThat(signFindings()).singleElement().satisfies(e -> {
            assertThat(e.id()).isEqualTo(SignatureCheck.SIGN_INVALID);
            assertThat(e.severity()).isEqualTo(Severity.ERROR);
            assertThat(e.message()).startsWith("audiocpp_cli.exe carries an Authenticode signature of " + publisher.subject())
                    .contains("changed after it was signed");
        });
    }

    @Test
    void signatureItsCertificateDoesNotVerifyIsAnError() throws Exception {
        sign(pkg, publisher, EXECUTABLES);
        Path exe = pkg.resolve("audiocpp_server.exe");
        byte[] value;
        try (PEFile pe = new PEFile(new File(exe.toString()))) {
            value = pe.getSignatures().get(0).getSignerInfos().getSigners().iterator().next().getSignature();
        }
        byte[] bytes = Files.readAllBytes(exe);
        int at = indexOf(bytes, value);
        assertThat(at).isPositive();
        bytes[at + 7] ^= 0x01;
        Files.write(exe, bytes);
        assertThat(signFindings()).singleElement().satisfies(e -> {
            assertThat(e.id()).isEqualTo(SignatureCheck.SIGN_INVALID);
            assertThat(e.file()).isEqualTo("audiocpp_server.exe");
            assertThat(e.message()).contains("not made by the key of the certificate");
        });
    }

    @Test
    void unsignedExecutableInASignedPackageIsAnError() throws Exception {
        Path original = dir.resolve("unsigned-server.exe");
        Files.copy(pkg.resolve("audiocpp_server.exe"), original);
        sign(pkg, publisher, EXECUTABLES);
        Files.copy(original, pkg.resolve("audiocpp_server.exe"), StandardCopyOption.REPLACE_EXISTING);
        assertThat(signFindings()).singleElement().satisfies(e -> {
            assertThat(e.id()).isEqualTo(SignatureCheck.SIGN_MISSING);
            assertThat(e.severity()).isEqualTo(Severity.ERROR);
            assertThat(e.message()).contains("audiocpp_server.exe");
        });
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
