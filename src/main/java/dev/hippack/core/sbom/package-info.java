/**
 * The package's bill of materials: {@code sbom.cdx.json}, CycloneDX 1.6 JSON made with CycloneDX's
 * own model and generator ({@link dev.hippack.core.sbom.PackageSbom}) from the staged files, the
 * components each file belongs to ({@code components.json}, data) and what the package was built
 * from ({@link dev.hippack.core.sbom.SbomFacts}); and its reading back for the audit, {@code diff}
 * and the release notes ({@link dev.hippack.core.sbom.SbomReader}). Uses only {@code core} itself,
 * {@code core.json} and the PE reader (file versions); must not depend on staging, the audit or
 * anything that builds or zips.
 */
package dev.hippack.core.sbom;
