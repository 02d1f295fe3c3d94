/**
 * Authenticode: signing the package's own executables in its staged folder
 * ({@link dev.hippack.core.sign.PackageSigner}) and reading and checking the signature of any PE
 * file ({@link dev.hippack.core.sign.AuthenticodeVerifier}), both through jsign and the
 * BouncyCastle CMS classes it brings. Uses audit.pe (the security directory), plan (the package's executables), progress and {@code PackagerException}; must not depend
 * on stage, audit, archive or the UI (the audit and the commands call it).
 */
package dev.hippack.core.sign;
