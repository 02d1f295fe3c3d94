package dev.hippack.core.sign;

import java.util.Objects;
import java.util.Optional;

/**
 * How to sign: a key store as jsign opens it, and an optional RFC 3161 timestamp server. The
 * password is held only for the run: it is never written to a profile, a log or {@link #toString()}.
 *
 * @param storeType    jsign's key store type: {@code PKCS12} (a .pfx/.p12 file), {@code PKCS11} (a token,
 *                     {@code keystore} its SunPKCS11 configuration file), {@code TRUSTEDSIGNING} (Azure
 *                     Artifact Signing, {@code keystore} its endpoint), ...
 * @param keystore     the key store: a file, a configuration file or an endpoint, as the type wants
 * @param alias        the key's alias; empty takes the store's first key
 * @param password     the store's password (for TRUSTEDSIGNING, the access token)
 * @param timestampUrl the RFC 3161 timestamp server; empty signs without a timestamp (the signature
 *                     then stops verifying when the certificate expires)
 */
public record SigningRequest(String storeType, String keystore, Optional<String> alias, String password,
                             Optional<String> timestampUrl) {

    public static final String PKCS12 = "PKCS12";
    /** The environment variable the password is read from. */
    public static final String PASSWORD_ENV = "HIP_PACKAGER_SIGN_PASSWORD";

    public SigningRequest {
        Objects.requireNonNull(storeType, "storeType");
        Objects.requireNonNull(keystore, "keystore");
        Objects.requireNonNull(alias, "alias");
        Objects.requireNonNull(password, "password");
        Objects.requireNonNull(timestampUrl, "timestampUrl");
    }

    /** A PFX/PKCS#12 file without a timestamp. */
    public static SigningRequest pfx(String file, String password) {
        return new SigningRequest(PKCS12, file, Optional.empty(), password, Optional.empty());
    }

    public SigningRequest withTimestampUrl(Optional<String> url) {
        return new SigningRequest(storeType, keystore, alias, password, url);
    }

    @Override
    public String toString() {
        return "SigningRequest[" + storeType + " " + keystore + alias.map(a -> " alias " + a).orElse("")
                + timestampUrl.map(t -> ", timestamp " + t).orElse(", no timestamp") + "]";
    }
}
