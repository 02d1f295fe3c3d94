package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.launch.RunLog;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The command line writes in the console's code page, as the JDK reports it; to files and pipes in UTF-8. */
class OutputCharsetTest {

    private static Properties props(String... pairs) {
        Properties p = new Properties();
        for (int i = 0; i < pairs.length; i += 2) {
            p.setProperty(pairs[i], pairs[i + 1]);
        }
        return p;
    }

    @Test
    void jdk17ConsoleCodePageIsUsedWhenTheStreamIsAConsole() {
        Properties p = props("sun.stdout.encoding", "cp850", "native.encoding", "Cp1252");
        assertThat(OutputCharset.of("stdout", p)).isEqualTo(Charset.forName("IBM850"));
        // stderr is its own stream: redirected, it stays UTF-8.
        assertThat(OutputCharset.of("stderr", p)).isEqualTo(StandardCharsets.UTF_8);
    }

    @Test
    void newerJdksConsoleEncodingIsUsedWhenItDiffersFromTheNativeOne() {
        assertThat(OutputCharset.of("stderr", props("stderr.encoding", "cp437", "native.encoding", "Cp1252")))
                .isEqualTo(Charset.forName("IBM437"));
        // Redirected on JDK 19+: stdout.encoding is the native one, and the output stays UTF-8.
        assertThat(OutputCharset.of("stdout", props("stdout.encoding", "Cp1252", "native.encoding", "Cp1252")))
                .isEqualTo(StandardCharsets.UTF_8);
    }

    @Test
    void noConsoleOrAnUnknownCodePageMeansUtf8() {
        assertThat(OutputCharset.of("stdout", props())).isEqualTo(StandardCharsets.UTF_8);
        assertThat(OutputCharset.of("stdout", props("sun.stdout.encoding", "cp99999"))).isEqualTo(StandardCharsets.UTF_8);
    }

    @Test
    void aNameOutsideAsciiReachesACp850ConsoleAsItsCp850Bytes() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Charset cp850 = OutputCharset.of("stderr", props("sun.stderr.encoding", "cp850"));

        int code = new Cli(r -> { }, RunLog.none("tests keep no run log")).execute(new String[] {"detect", "--jörg"},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), StandardCharsets.UTF_8,
                new PrintStream(err, true, cp850), cp850);

        assertThat(code).isEqualTo(2);
        byte[] bytes = err.toByteArray();
        // ö is 0x94 in code page 850; UTF-8 would be C3 B6, shown as "├Â" by that console.
        assertThat(new String(bytes, cp850)).contains("--jörg");
        assertThat(indexOf(bytes, (byte) 0xC3)).isEqualTo(-1);
        assertThat(indexOf(bytes, (byte) 0x94)).isNotEqualTo(-1);
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
