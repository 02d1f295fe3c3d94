/**
 * The release plan (an immutable record) and the rules that judge it (ids in docs/design.md §5,
 * facts in docs/distribution-rules.md). Uses the
 * catalog, findings and the JSON annotations of {@code core.json}; must not depend on build,
 * stage, audit or archive.
 */
package dev.hippack.core.plan;
