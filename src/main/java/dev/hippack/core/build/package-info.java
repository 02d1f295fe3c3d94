/**
 * Building audio.cpp: the child-process runner (streams, log file, cancel of the whole tree),
 * the captured MSVC environment, the build script's command line, reading the build log for
 * progress and known failures, the stand-in build for machines without Windows, what binaries are
 * built for ({@code BuiltFor}, the one comparison with a plan), the build record beside the
 * binaries that holds it, and the check that they were built for the plan being packaged. Uses
 * host, plan, audit (the build-flag check), finding, progress, io (the build record is written
 * through AtomicFile) and its own {@code standin}; must not depend on detect, stage, archive, the
 * CLI or the UI.
 */
package dev.hippack.core.build;
