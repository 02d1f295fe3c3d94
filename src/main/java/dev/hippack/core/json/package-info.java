/**
 * The one policy for reading JSON that people write or that ships inside HIP Packager: release
 * profiles, {@code host.json} and the catalog. Strict Jackson (no coercion, no unknown keys, no
 * duplicate keys, nothing after the document), a check of the whole document against the record
 * it becomes before anything is bound, and messages that name the file, the line and column and
 * the JSON path. Depends only on Jackson, {@link dev.hippack.core.PackagerException} and
 * {@link dev.hippack.core.io.SmallFile} (which reads a file in whole, bounded).
 */
package dev.hippack.core.json;
