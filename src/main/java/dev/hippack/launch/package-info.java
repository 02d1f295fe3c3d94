/**
 * What both front ends share about starting the application, so that neither the wizard
 * ({@code ui}) nor the command line ({@code cli}) needs the other: the request that opens the
 * wizard, the application's version, the run log both modes write, and the ending of the
 * processes the application started ({@link dev.hippack.launch.ChildProcesses}) on every way out. Uses only the JDK and
 * {@code core}; never JavaFX, picocli, {@code ui} or {@code cli}.
 */
package dev.hippack.launch;
