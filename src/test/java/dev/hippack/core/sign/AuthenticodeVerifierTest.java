package dev.hippack.core.sign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hippack.core.audit.pe.PeFixtures;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import net.jsign.AuthenticodeSigner;
import net.jsign.DigestAlgorithm;
import net.jsign.pe.PEFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verifier on the four kinds of file the audit meets: unsigned, signed, changed after signing,
 * and signed by a key that is not the certificate's. Each verdict is cross-checked with Debian's
 * osslsigncode where it is installed (.ci/run installs it).
 */
class AuthenticodeVerifierTest {

    @TempDir
    static Path certs;
    static TestCertificates.Certificate publisher;
    static TestCertificates.Certificate other;

    @TempDir
    Path dir;

    private final AuthenticodeVerifier verifier = new AuthenticodeVerifier();

    @BeforeAll
    static void makeCertificates() throws Exception {
        publisher = TestCertificates.make(certs, "HIP Packager Test Publisher");
        other = TestCertificates.make(certs, "Someone Else");
    }

    static Path signedCopy(Path dir, String name, TestCertificates.Certificate cert) throws Exception {
        Path file = dir.resolve(name);
        Files.copy(PeFixtures.test("x64-exe-imports.exe"), file);
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(cert.pfx())) {
            ks.load(in, TestCertificates.PASSWORD.toCharArray());
        }
        try (PEFile pe = new PEFile(new File(file.toString()))) {
            new AuthenticodeSigner(ks, "signing", TestCertificates.PASSWORD).withTimestamping(false)
                    .withDigestAlgorithm(DigestAlgorithm.SHA256).sign(pe);
        }
        return file;
    }

    @Test
    void unsignedFileIsUnsigned() throws Exception {
        assertThat(verifier.verify(PeFixtures.test("x64-exe-imports.exe")).state()).isEqualTo(SignatureStatus.State.UNSIGNED);
    }

    @Test
    void signedFileVerifiesAndNamesItsSigner() throws Exception {
        Path file = signedCopy(dir, "signed.exe", publisher);
        SignatureStatus s = verifier.verify(file);
        assertThat(s.state()).isEqualTo(SignatureStatus.State.VALID);
        assertThat(s.signer()).isEqualTo(publisher.subject());
        if (TestCertificates.osslsigncodeInstalled()) {
            assertThat(TestCertificates.osslsigncodeVerify(file, publisher.pem()).ok()).isTrue();
        }
    }

    @Test
    void fileChangedAfterSigningIsInvalid() throws Exception {
        Path file = signedCopy(dir, "tampered.exe", publisher);
        byte[] bytes = Files.readAllBytes(file);
        int inCode = 0x400;  // the first section's data: covered by the Authenticode digest
        bytes[inCode] ^= 0x5A;
        Files.write(file, bytes);
        SignatureStatus s = verifier.verify(file);
        assertThat(s.state()).isEqualTo(SignatureStatus.State.INVALID);
        assertThat(s.detail()).contains("changed after it was signed");
        assertOsslsigncodeRefuses(file, publisher.pem());
    }

    @Test
    void signatureThatItsCertificateDoesNotVerifyIsInvalid() throws Exception {
        Path file = signedCopy(dir, "wrongly-signed.exe", publisher);
        // The signature value itself changed: the file's digest still matches, but the signed
        // attributes no longer verify with the key of the certificate it carries.
        byte[] bytes = Files.readAllBytes(file);
        byte[] value;
        try (PEFile pe = new PEFile(new File(file.toString()))) {
            value = pe.getSignatures().get(0).getSignerInfos().getSigners().iterator().next().getSignature();
        }
        int at = indexOf(bytes, value);
        assertThat(at).as("the signature value in the file").isPositive();
        bytes[at + value.length / 2] ^= 0x01;
        Files.write(file, bytes);
        SignatureStatus s = verifier.verify(file);
        assertThat(s.state()).isEqualTo(SignatureStatus.State.INVALID);
        assertThat(s.signer()).isEqualTo(publisher.subject());
        assertThat(s.detail()).contains("not made by the key of the certificate");
        assertOsslsigncodeRefuses(file, publisher.pem());
    }

    @Test
    void signatureOfAnotherPublisherVerifiesAsThatPublisher() throws Exception {
        Path file = signedCopy(dir, "vendor.dll", other);
        assertThat(verifier.verify(file)).isEqualTo(SignatureStatus.valid(other.subject()));
    }

    @Test
    void damagedSecurityDirectoryIsInvalidNotAnException() throws Exception {
        Path file = signedCopy(dir, "damaged.exe", publisher);
        byte[] bytes = Files.readAllBytes(file);
        // Cut the signature short: the directory now points past the end of the file.
        Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length - 100));
        assertThat(verifier.verify(file).state()).isEqualTo(SignatureStatus.State.INVALID);
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

    private static KeyStore load(TestCertificates.Certificate cert) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(cert.pfx())) {
            ks.load(in, TestCertificates.PASSWORD.toCharArray());
        }
        return ks;
    }

    private static void assertOsslsigncodeRefuses(Path file, Path ca) throws Exception {
        assumeTrue(TestCertificates.osslsigncodeInstalled(), "osslsigncode is not installed (apt-get install osslsigncode)");
        TestCertificates.Verdict v = TestCertificates.osslsigncodeVerify(file, ca);
        assertThat(v.ok()).as("osslsigncode verify %s:%n%s", file, v.output()).isFalse();
        assertThat(v.exit()).isNotZero();
    }

    static List<String> names(List<SignedFile> files) {
        return files.stream().map(SignedFile::path).toList();
    }
}
