/**
 * The package layout (what goes where: executables, the ROCm DLLs of the import closure and those they load at run time, the CRT,
 * the filtered kernel libraries, the README and a sample server.json) and staging it into a
 * folder by hard links or copies. Reads the SDK, build and Visual Studio folders through the
 * host and never writes to them. Uses catalog, host, inventory, plan, audit.pe, audit (a rule's
 * finding id), finding, progress, io (the free space before staging) and detect (the CRT redists a
 * Visual Studio has, as detection lists them); must not depend on build, archive or the UI.
 */
package dev.hippack.core.stage;
