package dev.hippack.core.sign;

import dev.hippack.core.audit.pe.PeFormatException;
import dev.hippack.core.audit.pe.PeInfo;
import dev.hippack.core.audit.pe.PeReader;
import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.cert.CertificateException;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import javax.security.auth.x500.X500Principal;
import net.jsign.DigestAlgorithm;
import net.jsign.pe.PEFile;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.cms.SignedData;
import org.bouncycastle.asn1.x509.DigestInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cms.CMSException;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.cms.SignerInformation;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoVerifierBuilder;
import org.bouncycastle.operator.OperatorCreationException;

/**
 * Reads a PE file's Authenticode signatures (its security directory, data directory 4) and checks
 * each the way Windows does before it trusts the chain: the file's Authenticode digest (the image
 * without its checksum, the directory entry and the signature itself) must equal the digest the
 * signature carries, and the signer's certificate must verify the signed attributes. Whether the
 * certificate chains to a trusted root is the user's machine's decision and is not judged here.
 */
public final class AuthenticodeVerifier {

    private final PeReader reader;

    public AuthenticodeVerifier() {
        this(new PeReader());
    }

    public AuthenticodeVerifier(PeReader reader) {
        this.reader = reader;
    }

    /** Reads the file from disk; a file that is not a PE file is refused with the reader's message. */
    public SignatureStatus verify(Path file) throws IOException {
        PeInfo info;
        try {
            info = reader.read(file);
        } catch (PeFormatException e) {
            throw new IOException(e.getMessage(), e);
        }
        try (SeekableByteChannel ch = Files.newByteChannel(file, StandardOpenOption.READ)) {
            return verify(info.certificates(), ch);
        }
    }

    /**
     * Checks the signature of the PE file in {@code channel} (which stays open), whose security
     * directory {@link PeReader} read as {@code table}.
     */
    public SignatureStatus verify(PeInfo.CertificateTable table, SeekableByteChannel channel) throws IOException {
        if (!table.present()) {
            return SignatureStatus.unsigned();
        }
        if (table.offset() <= 0 || table.offset() + table.size() > channel.size()) {
            return SignatureStatus.invalid("", "its security directory (data directory 4) points past the end of the file:"
                    + " the signature was cut off or the file was changed after signing");
        }
        try (PEFile pe = new PEFile(new UnclosableChannel(channel))) {
            return verify(pe);
        } catch (IOException | RuntimeException e) {
            return SignatureStatus.invalid("", "its signature could not be read (" + describe(e) + ")");
        }
    }

    private static SignatureStatus verify(PEFile pe) throws IOException {
        List<CMSSignedData> signatures = pe.getSignatures();
        if (signatures.isEmpty()) {
            return SignatureStatus.invalid("", "its security directory holds no Authenticode signature");
        }
        String signer = "";
        for (CMSSignedData signature : signatures) {
            SignatureStatus s = check(pe, signature);
            if (!s.isValid()) {
                return s;
            }
            signer = signer.isEmpty() ? s.signer() : signer;
        }
        return SignatureStatus.valid(signer);
    }

    private static SignatureStatus check(PEFile pe, CMSSignedData signature) {
        Collection<SignerInformation> signers = signature.getSignerInfos().getSigners();
        if (signers.size() != 1) {
            return SignatureStatus.invalid("", "its signature has " + signers.size() + " signers; Authenticode has one");
        }
        SignerInformation si = signers.iterator().next();
        @SuppressWarnings("unchecked")
        Collection<X509CertificateHolder> certs = signature.getCertificates().getMatches(si.getSID());
        if (certs.isEmpty()) {
            return SignatureStatus.invalid("", "its signature does not carry the signer's certificate");
        }
        X509CertificateHolder cert = certs.iterator().next();
        String subject;
        try {
            // The JDK's RFC 2253 form, common name first, as Windows' Properties show the signer.
            subject = new X500Principal(cert.getSubject().getEncoded()).getName();
        } catch (IOException e) {
            subject = cert.getSubject().toString();
        }
        try {
            DigestInfo carried = DigestInfo.getInstance(ASN1Sequence.getInstance(content(signature)).getObjectAt(1));
            DigestAlgorithm algorithm = DigestAlgorithm.of(carried.getAlgorithmId().getAlgorithm());
            if (algorithm == null) {
                return SignatureStatus.invalid(subject, "its signature uses an unknown digest algorithm "
                        + carried.getAlgorithmId().getAlgorithm());
            }
            byte[] actual = pe.computeDigest(algorithm);
            if (!MessageDigest.isEqual(actual, carried.getDigest())) {
                return SignatureStatus.invalid(subject, "the file was changed after it was signed (its " + algorithm.id
                        + " digest no longer matches the signature's)");
            }
            // Authenticode digests the content's value without its SEQUENCE header: given so, the
            // signer's messageDigest attribute is checked against it.
            CMSSignedData withContent = new CMSSignedData(new CMSProcessableByteArray(valueOf(content(signature))),
                    signature.toASN1Structure());
            SignerInformation checked = withContent.getSignerInfos().get(si.getSID());
            if (!checked.verify(new JcaSimpleSignerInfoVerifierBuilder().build(cert))) {
                return SignatureStatus.invalid(subject, "the signature was not made by the key of the certificate it carries");
            }
            return SignatureStatus.valid(subject);
        } catch (CMSException e) {
            return SignatureStatus.invalid(subject, "the signature does not verify (" + describe(e) + ")");
        } catch (OperatorCreationException | CertificateException | IOException | RuntimeException e) {
            return SignatureStatus.invalid(subject, "the signature could not be checked (" + describe(e) + ")");
        }
    }

    /** The SpcIndirectDataContent the signature covers. */
    private static ASN1Primitive content(CMSSignedData signature) throws IOException {
        SignedData signed = SignedData.getInstance(signature.toASN1Structure().getContent());
        ASN1Encodable c = signed.getEncapContentInfo().getContent();
        if (c == null) {
            throw new IOException("the signature covers no content");
        }
        return c.toASN1Primitive();
    }

    /** The DER encoding of {@code p} without its tag and length. */
    private static byte[] valueOf(ASN1Primitive p) throws IOException {
        byte[] der = p.getEncoded(ASN1Encoding.DER);
        int lengthAt = 1;
        int first = der[lengthAt] & 0xFF;
        int header = first < 0x80 ? 2 : 2 + (first & 0x7F);
        return Arrays.copyOfRange(der, header, der.length);
    }

    private static String describe(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
