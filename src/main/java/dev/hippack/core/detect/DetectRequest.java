package dev.hippack.core.detect;

import dev.hippack.core.host.Host;

/**
 * What to detect on.
 *
 * @param host   the build machine
 * @param source the audio.cpp checkout as a host path; null means the host's working folder
 */
public record DetectRequest(Host host, String source) { }
