/**
 * The sample environment ({@code demo-env}, {@code --demo}): a generated folder that looks like
 * a Windows build machine, with its host.json, so detection, planning, staging and the audit run
 * on it through the same code as on a real machine. Uses the catalog, host, plan and profile
 * packages; nothing in the engine depends on it.
 */
package dev.hippack.core.demo;
