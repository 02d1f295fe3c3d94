/**
 * The build machine: this one ({@code Host.local()}) or one described by a {@code host.json}
 * ({@code --host DIR}, the sample environment). Everything detection and building read from a
 * machine goes through {@link dev.hippack.core.host.Host}: environment, path mapping
 * ({@code PathMapping}), PATH lookup ({@code ProgramLookup}), short queries run here
 * ({@code LocalCommand}) or answered from a description's recordings ({@code RecordedOutputs}).
 * Depends only on {@code core} itself, its JSON reading policy ({@code core.json}) and
 * {@code core.io} (host.json is written through AtomicFile); never on detection, building or the UI.
 */
package dev.hippack.core.host;
