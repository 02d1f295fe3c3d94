/**
 * Proving that a staged package starts: each executable is run with a harmless argument from
 * the package folder, PATH reduced to Windows' own folders, under a time limit, and a loader
 * failure (an NTSTATUS exit code) becomes a finding. Where Windows executables cannot run (Linux,
 * the sample environment, a described machine) the loader's search is followed in the package
 * folder instead and the check says it did not run. Uses build (the process runner), audit (the
 * PE reader, system DLL names), catalog, host, finding and progress; must not depend on stage,
 * archive, the CLI or the UI.
 */
package dev.hippack.core.launch;
