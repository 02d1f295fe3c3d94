package dev.hippack.core.audit;

import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.sign.PackageSigner;
import dev.hippack.core.sign.SignatureStatus;
import dev.hippack.core.sign.SigningRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Authenticode signatures of the package's PE files, read from each file's security directory
 * (data directory 4) and checked by {@code core.sign}: a signature that does not verify is an
 * error ({@value #SIGN_INVALID}: Windows treats the file as tampered with); an executable without
 * one is a warning ({@value #SIGN_UNSIGNED}: Smart App Control blocks it, SmartScreen warns on a
 * downloaded one), or an error ({@value #SIGN_MISSING}) in a package whose README says the packager
 * signed it. Works alike on a folder and on a zip.
 */
final class SignatureCheck implements PackageCheck {

    static final String SIGN_INVALID = "sign.invalid";
    static final String SIGN_MISSING = "sign.missing";
    static final String SIGN_UNSIGNED = "sign.unsigned";

    @Override
    public List<String> ids() {
        return List.of(SIGN_INVALID, SIGN_MISSING, SIGN_UNSIGNED);
    }

    @Override
    public List<Finding> check(PackageContents c) {
        List<Finding> findings = new ArrayList<>();
        List<String> unsigned = new ArrayList<>();
        for (Map.Entry<String, SignatureStatus> e : c.signatures().entrySet()) {
            PackageEntry entry = new PackageEntry(e.getKey(), 0);
            SignatureStatus s = e.getValue();
            if (s.state() == SignatureStatus.State.INVALID) {
                findings.add(new Finding(SIGN_INVALID, Severity.ERROR, entry.windowsPath() + " carries an Authenticode signature"
                        + (s.signer().isEmpty() ? "" : " of " + s.signer()) + " that does not verify: " + s.detail()
                        + ". Windows treats it as tampered with: Smart App Control and Defender block it.",
                        "Take the file again from where it came (the build, or the HIP SDK for AMD's DLLs) and package again;"
                                + " for the package's own executables, sign again with --sign-pfx.", entry.windowsPath()));
            } else if (s.state() == SignatureStatus.State.UNSIGNED && entry.topLevel() && entry.lowerPath().endsWith(".exe")) {
                unsigned.add(entry.windowsPath());
            }
        }
        if (unsigned.isEmpty()) {
            return findings;
        }
        boolean asked = c.readme().map(r -> r.contains(PackageSigner.SIGNED_LINE)).orElse(false);
        String files = String.join(", ", unsigned);
        if (asked) {
            findings.add(new Finding(SIGN_MISSING, Severity.ERROR, "The package's README says its executables were signed when"
                    + " it was packaged, but " + files + (unsigned.size() == 1 ? " carries" : " carry") + " no signature:"
                    + " a file was replaced after signing.",
                    "Package again with the signing options (--sign-pfx FILE, the password in " + SigningRequest.PASSWORD_ENV
                            + "); do not replace files in a signed package.", unsigned.get(0)));
        } else {
            findings.add(new Finding(SIGN_UNSIGNED, Severity.WARNING, files + (unsigned.size() == 1 ? " is" : " are")
                    + " not signed. Windows' Smart App Control blocks unsigned programs, and Defender SmartScreen shows"
                    + " \"Windows protected your PC\" for one downloaded from the internet, so users may be stopped at the"
                    + " first start.",
                    "Sign the executables when packaging: --sign-pfx FILE with the certificate's password in "
                            + SigningRequest.PASSWORD_ENV + " (docs/cli.md, \"Signing\").", unsigned.get(0)));
        }
        return findings;
    }
}
