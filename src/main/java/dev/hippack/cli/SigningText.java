package dev.hippack.cli;

import dev.hippack.core.sign.SignedFile;
import dev.hippack.core.sign.SigningRequest;
import dev.hippack.core.sign.SigningResult;
import java.util.List;

/** The line {@code package} and {@code release} print about signing. */
final class SigningText {

    private SigningText() { }

    static String summary(SigningResult result, SigningRequest request) {
        List<SignedFile> ours = result.signedByUs();
        String signer = ours.isEmpty() ? "" : " by " + ours.get(0).signer();
        String names = ours.isEmpty() ? "nothing (every executable was signed already)"
                : String.join(", ", ours.stream().map(SignedFile::path).toList()) + signer;
        return "signed: " + names + (request.timestampUrl().isPresent() ? ", timestamped by " + request.timestampUrl().get()
                : ", no timestamp (--sign-timestamp URL: without one the signatures stop verifying when the certificate expires)");
    }
}
