package dev.hippack.cli;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * The charset the command line writes a stream in. A Windows console shows its own code page
 * (usually cp437 or cp850), so UTF-8 there turns "Jörg" into "JÃ¶rg"; the JDK says which code
 * page when the stream is a console: {@code sun.stdout.encoding} on JDK 17 (set only then), and
 * {@code stdout.encoding} from JDK 19 (the console's, else {@code native.encoding}). Output that
 * goes to a file or a pipe stays UTF-8, which JSON readers and scripts expect.
 */
final class OutputCharset {

    private OutputCharset() { }

    /** @param stream "stdout" or "stderr" */
    static Charset of(String stream, Properties system) {
        Charset attached = supported(system.getProperty("sun." + stream + ".encoding"));
        if (attached != null) {
            return attached;
        }
        // JDK 19+: different from the native encoding only when the stream is a console.
        Charset newer = supported(system.getProperty(stream + ".encoding"));
        Charset nativeCharset = supported(system.getProperty("native.encoding"));
        if (newer != null && nativeCharset != null && !newer.equals(nativeCharset)) {
            return newer;
        }
        return StandardCharsets.UTF_8;
    }

    private static Charset supported(String name) {
        try {
            return name != null && !name.isBlank() && Charset.isSupported(name) ? Charset.forName(name) : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
