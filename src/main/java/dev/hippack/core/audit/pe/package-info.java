/**
 * A reader of the DLL names a Windows PE file imports (data directory 1) and delay-loads
 * (directory 13), PE32 and PE32+, from a file, bytes or a re-openable stream such as a zip
 * entry. Every read is bounds-checked: bad input gives a {@link dev.hippack.core.audit.pe.PeFormatException},
 * never another exception. Depends on nothing in the project but {@code PackagerException}.
 */
package dev.hippack.core.audit.pe;
