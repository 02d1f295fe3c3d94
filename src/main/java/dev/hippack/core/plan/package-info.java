/**
 * The release plan (an immutable record) and the rules of the guide that judge it. Uses the
 * catalog, findings and the JSON annotations of {@code core.json}; must not depend on build,
 * stage, audit or archive.
 */
package dev.hippack.core.plan;
