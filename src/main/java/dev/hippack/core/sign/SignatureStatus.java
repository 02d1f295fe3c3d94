package dev.hippack.core.sign;

import java.util.Objects;

/**
 * The Authenticode signature of one PE file as read from its security directory.
 *
 * @param state  unsigned, a signature that verifies, or one that does not
 * @param signer the signing certificate's subject (empty when unsigned or unreadable)
 * @param detail why an invalid signature fails; empty otherwise
 */
public record SignatureStatus(State state, String signer, String detail) {

    public enum State { UNSIGNED, VALID, INVALID }

    public SignatureStatus {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(signer, "signer");
        Objects.requireNonNull(detail, "detail");
    }

    public static SignatureStatus unsigned() {
        return new SignatureStatus(State.UNSIGNED, "", "");
    }

    public static SignatureStatus valid(String signer) {
        return new SignatureStatus(State.VALID, signer, "");
    }

    public static SignatureStatus invalid(String signer, String detail) {
        return new SignatureStatus(State.INVALID, signer, detail);
    }

    public boolean isValid() {
        return state == State.VALID;
    }
}
