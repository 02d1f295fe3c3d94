package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.sign.SigningRequest;
import java.io.Console;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * The signing options of {@code package} and {@code release}: which key store signs the package's
 * own executables, and the timestamp server. The password is never an option (a command line is
 * visible to every user of the machine and kept in shell histories): it comes from
 * {@value SigningRequest#PASSWORD_ENV}, else from a prompt on the console.
 */
final class SigningOptions {

    @Option(names = "--sign-pfx", paramLabel = "FILE",
            description = "Sign the package's own executables (Authenticode, SHA-256) with the certificate and key in this "
                    + "PFX/PKCS#12 file; the password from " + SigningRequest.PASSWORD_ENV + ", else asked on the console.")
    Path pfx;

    @Option(names = "--sign-keystore", paramLabel = "STORE",
            description = "Sign with another key store instead: a PKCS#11 configuration file, or the endpoint of a cloud "
                    + "signing service, as --sign-keystore-type wants.")
    String keystore;

    @Option(names = "--sign-keystore-type", paramLabel = "TYPE",
            description = "The key store's type as jsign names it: PKCS12 (default), PKCS11, TRUSTEDSIGNING (Azure Artifact "
                    + "Signing; the password is the access token), AZUREKEYVAULT, ...")
    String storeType;

    @Option(names = "--sign-alias", paramLabel = "ALIAS", description = "The key's alias in the store; default: its first key.")
    String alias;

    @Option(names = "--sign-timestamp", paramLabel = "URL",
            description = "An RFC 3161 timestamp server; without one the signatures stop verifying when the certificate expires.")
    String timestampUrl;

    /** Reads the password; a seam for tests, the console otherwise. */
    interface PasswordPrompt {
        Optional<String> ask(String prompt);

        PasswordPrompt CONSOLE = prompt -> {
            Console console = System.console();
            if (console == null) {
                return Optional.empty();
            }
            char[] pw = console.readPassword("%s", prompt);
            return pw == null ? Optional.empty() : Optional.of(new String(pw));
        };
    }

    boolean requested() {
        return pfx != null || keystore != null;
    }

    /**
     * The signing request the options give, empty when none asks for signing.
     *
     * @throws PackagerException options that contradict each other, or no password to be had
     */
    Optional<SigningRequest> request(Map<String, String> env, PasswordPrompt prompt) throws PackagerException {
        if (!requested()) {
            if (storeType != null || alias != null || timestampUrl != null) {
                throw new PackagerException("--sign-keystore-type, --sign-alias and --sign-timestamp need a key store: "
                        + "give --sign-pfx FILE (or --sign-keystore STORE).");
            }
            return Optional.empty();
        }
        if (pfx != null && keystore != null) {
            throw new PackagerException("Give either --sign-pfx or --sign-keystore, not both.");
        }
        if (pfx != null && storeType != null && !storeType.equalsIgnoreCase(SigningRequest.PKCS12)) {
            throw new PackagerException("--sign-pfx is a PKCS12 file; for a key store of type " + storeType
                    + " give --sign-keystore STORE.");
        }
        String store = pfx != null ? pfx.toAbsolutePath().toString() : keystore;
        String type = storeType == null ? SigningRequest.PKCS12 : storeType;
        String password = env.get(SigningRequest.PASSWORD_ENV);
        if (password == null) {
            password = prompt.ask("Password of " + store + ": ").orElseThrow(() -> new PackagerException(
                    "Signing with " + store + " needs its password: set the environment variable " + SigningRequest.PASSWORD_ENV
                            + " (there is no console to ask on). It is never taken from the command line."));
        }
        return Optional.of(new SigningRequest(type, store, Optional.ofNullable(alias), password,
                Optional.ofNullable(timestampUrl)));
    }
}
