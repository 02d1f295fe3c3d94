package dev.hippack.core.sign;

import dev.hippack.core.PackagerException;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import net.jsign.AuthenticodeSigner;
import net.jsign.DigestAlgorithm;
import net.jsign.KeyStoreBuilder;
import net.jsign.pe.PEFile;
import net.jsign.timestamp.TimestampingMode;

/**
 * Signs the package's own executables in its staged folder with Authenticode (SHA-256, an RFC
 * 3161 timestamp when a server is given) and adds a "Signatures" section to its README saying who
 * signed which file. Files that already carry a valid signature (AMD's DLLs, Microsoft's runtime)
 * are left alone.
 *
 * <p>Staged files may be hard links to the user's build output, so each executable is signed as
 * a copy beside it and the copy then renamed over the staged name: the build output keeps its
 * bytes, and a file is either the staged original or signed and verified, never half-written.
 */
public final class PackageSigner {

    /** The README's heading of the section; the audit reads the line below to know signing was asked for. */
    public static final String README_SECTION = "## Signatures";
    /** The README line that names the executables the packager signed: the audit holds the package to it. */
    public static final String SIGNED_LINE = "Signed when packaged: ";
    private static final String TEMP_SUFFIX = ".signing";

    private final AuthenticodeVerifier verifier;

    public PackageSigner() {
        this(new AuthenticodeVerifier());
    }

    public PackageSigner(AuthenticodeVerifier verifier) {
        this.verifier = verifier;
    }

    /**
     * Signs {@code executables} (file names directly in {@code packageDir}) and writes the README
     * section.
     *
     * @throws PackagerException the key store cannot be opened (naming it and the fix), an
     *                           executable is missing, or signing or writing failed
     */
    public SigningResult run(SigningRequest request, Path packageDir, List<String> executables, OperationListener listener,
                             CancellationToken token) throws PackagerException, OperationCancelledException {
        AuthenticodeSigner signer = signer(request);
        List<SignedFile> files = new ArrayList<>();
        int done = 0;
        for (String name : executables) {
            token.throwIfCancelled();
            listener.status("Signing " + name);
            listener.progress(done++, executables.size());
            Path file = packageDir.resolve(name);
            if (!Files.isRegularFile(file)) {
                throw new PackagerException(file + " is not in the staged package, so it cannot be signed. Check the "
                        + "profile's binaries and stage again.");
            }
            SignatureStatus before = status(file);
            if (before.isValid()) {
                files.add(new SignedFile(name, before.signer(), false));
                continue;
            }
            files.add(new SignedFile(name, sign(signer, file), true));
        }
        listener.progress(executables.size(), executables.size());
        files.addAll(othersLeftAlone(packageDir, executables));
        SigningResult result = new SigningResult(files);
        writeReadme(packageDir, result);
        return result;
    }

    /** The package's own executables, named as the layout stages them: the plan's binaries. */
    public static List<String> executablesOf(ReleasePlan plan) {
        return plan.binaries().stream()
                .map(b -> b.toLowerCase(Locale.ROOT).endsWith(".exe") ? b : b + ".exe").toList();
    }

    /**
     * Opens the key store and finds the key, signing nothing: the commands call it before the
     * build, so a wrong password stops them before hours of work rather than after.
     */
    public void checkKey(SigningRequest request) throws PackagerException {
        signer(request);
    }

    private AuthenticodeSigner signer(SigningRequest request) throws PackagerException {
        KeyStore store;
        try {
            KeyStoreBuilder builder = new KeyStoreBuilder().storetype(request.storeType()).storepass(request.password());
            if (isFile(request.storeType())) {
                Path path = Path.of(request.keystore());
                if (!Files.isRegularFile(path)) {
                    throw new PackagerException("The signing key store " + path + " does not exist. Give --sign-pfx the "
                            + ".pfx or .p12 file that holds the code-signing certificate and its key.");
                }
                builder.keystore(path.toFile());
            } else {
                builder.keystore(request.keystore());
            }
            store = builder.build();
        } catch (KeyStoreException | IllegalArgumentException e) {
            throw new PackagerException("The signing key store " + request.keystore() + " (" + request.storeType()
                    + ") could not be opened: " + describe(e) + ". Check the file and the password in "
                    + SigningRequest.PASSWORD_ENV + ".", e);
        }
        try {
            String alias = request.alias().isPresent() ? request.alias().get() : firstKey(store, request);
            AuthenticodeSigner signer = new AuthenticodeSigner(store, alias, request.password())
                    .withDigestAlgorithm(DigestAlgorithm.SHA256)
                    .withSignaturesReplaced(true)
                    .withTimestamping(request.timestampUrl().isPresent());
            if (request.timestampUrl().isPresent()) {
                signer = signer.withTimestampingMode(TimestampingMode.RFC3161)
                        .withTimestampingAuthority(request.timestampUrl().get());
            }
            return signer;
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new PackagerException("The key of " + request.keystore() + " could not be used for signing: "
                    + describe(e) + ". Check the password in " + SigningRequest.PASSWORD_ENV
                    + (request.alias().isPresent() ? " and the alias" : "") + ".", e);
        }
    }

    private static boolean isFile(String storeType) {
        String t = storeType.toUpperCase(Locale.ROOT);
        return t.equals("PKCS12") || t.equals("JKS") || t.equals("JCEKS");
    }

    private static String firstKey(KeyStore store, SigningRequest request) throws KeyStoreException, PackagerException {
        for (String alias : Collections.list(store.aliases())) {
            if (store.isKeyEntry(alias)) {
                return alias;
            }
        }
        throw new PackagerException("The signing key store " + request.keystore() + " holds no private key. Export the "
                + "code-signing certificate with its private key.");
    }

    /** Signs a copy of {@code file} beside it, verifies it, then renames it over the staged name. */
    private String sign(AuthenticodeSigner signer, Path file) throws PackagerException {
        Path temp = file.resolveSibling(file.getFileName() + TEMP_SUFFIX);
        try {
            Files.copy(file, temp, StandardCopyOption.REPLACE_EXISTING);
            try (PEFile pe = new PEFile(new File(temp.toString()))) {
                signer.sign(pe);
            }
            SignatureStatus after = status(temp);
            if (!after.isValid()) {
                throw new PackagerException(file + " did not verify after signing: " + after.detail() + ".");
            }
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return after.signer();
        } catch (PackagerException e) {
            deleteQuietly(temp);
            throw e;
        } catch (Exception e) {
            // jsign declares Exception: the timestamp server unreachable, a PE it cannot parse, a full disk.
            deleteQuietly(temp);
            throw new PackagerException(file + " could not be signed: " + describe(e)
                    + ". If a timestamp server was given, check that it is reachable.", e);
        }
    }

    private SignatureStatus status(Path file) throws PackagerException {
        try {
            return verifier.verify(file);
        } catch (IOException e) {
            throw new PackagerException(file + " could not be read: " + describe(e) + ".", e);
        }
    }

    /** The other PE files directly in the package, with their own signer (empty when unsigned). */
    private List<SignedFile> othersLeftAlone(Path packageDir, List<String> executables) throws PackagerException {
        List<Path> others;
        try (Stream<Path> s = Files.list(packageDir)) {
            others = s.filter(p -> isPe(p) && !executables.contains(p.getFileName().toString()) && Files.isRegularFile(p))
                    .sorted().toList();
        } catch (IOException e) {
            throw new PackagerException(packageDir + " could not be listed: " + describe(e) + ".", e);
        }
        List<SignedFile> out = new ArrayList<>();
        for (Path p : others) {
            SignatureStatus s = status(p);
            out.add(new SignedFile(p.getFileName().toString(), s.isValid() ? s.signer() : "", false));
        }
        return out;
    }

    private static boolean isPe(Path p) {
        String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".exe") || n.endsWith(".dll");
    }

    /** The README section: who signed what. Replaces an earlier section of a re-signed folder. */
    static String readmeSection(SigningResult result) {
        StringBuilder md = new StringBuilder();
        md.append(README_SECTION).append("\n\n");
        md.append(SIGNED_LINE).append(String.join(", ", result.signedByUs().stream().map(SignedFile::path).toList()))
                .append("\n\n");
        md.append("Windows shows a file's signature in its Properties, tab Digital Signatures. Files nobody signed may be "
                + "blocked by Smart App Control or flagged by Defender SmartScreen.\n\n");
        md.append("| File | Signed by |\n|---|---|\n");
        for (SignedFile f : result.files()) {
            md.append("| ").append(f.path()).append(" | ")
                    .append(f.signer().isEmpty() ? "not signed" : f.signer() + (f.byUs() ? " (when packaged)" : ""))
                    .append(" |\n");
        }
        return md.toString();
    }

    private static void writeReadme(Path packageDir, SigningResult result) throws PackagerException {
        Path readme = packageDir.resolve("README.md");
        try {
            String text = Files.exists(readme) ? Files.readString(readme, StandardCharsets.UTF_8) : "";
            int earlier = text.indexOf("\n" + README_SECTION + "\n");
            if (earlier >= 0) {
                text = text.substring(0, earlier + 1);
            }
            if (!text.isEmpty() && !text.endsWith("\n\n")) {
                text += text.endsWith("\n") ? "\n" : "\n\n";
            }
            Path temp = readme.resolveSibling("README.md" + TEMP_SUFFIX);
            Files.writeString(temp, text + readmeSection(result), StandardCharsets.UTF_8);
            Files.move(temp, readme, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException e) {
            throw new PackagerException(packageDir + " disappeared while it was signed.", e);
        } catch (IOException e) {
            throw new PackagerException(readme + " could not be written: " + describe(e) + ".", e);
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a leftover .signing copy is not part of any package: the zip is never written after a failure
        }
    }

    private static String describe(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
