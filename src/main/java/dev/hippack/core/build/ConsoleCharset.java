package dev.hippack.core.build;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The charset console programs write in. On Windows that is the console's code page (OEM, e.g.
 * cp850 or cp437), not the ANSI one Java calls native: PowerShell, cmd and the MSVC tools all
 * write in it when their output goes to a pipe. Elsewhere it is the platform's native encoding.
 */
public final class ConsoleCharset {

    private static final Pattern CODE_PAGE = Pattern.compile("(\\d{3,5})\\s*\\.?\\s*$");

    private ConsoleCharset() { }

    /** The charset of console output on this machine. */
    public static Charset detect() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (!os.startsWith("windows")) {
            return nativeCharset();
        }
        String attached = System.getProperty("sun.stdout.encoding");
        if (attached != null && Charset.isSupported(attached)) {
            return Charset.forName(attached);
        }
        return askChcp().flatMap(ConsoleCharset::fromCodePage).orElseGet(ConsoleCharset::nativeCharset);
    }

    /** The code page number in what {@code chcp} prints ("Active code page: 850", in any language). */
    static Optional<Integer> parseChcp(String output) {
        Matcher m = CODE_PAGE.matcher(output.strip());
        return m.find() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
    }

    /** The Java charset of a Windows code page, if Java has one. */
    static Optional<Charset> fromCodePage(int codePage) {
        if (codePage == 65001) {
            return Optional.of(StandardCharsets.UTF_8);
        }
        for (String name : new String[] {"cp" + codePage, "windows-" + codePage, "x-windows-" + codePage}) {
            if (Charset.isSupported(name)) {
                return Optional.of(Charset.forName(name));
            }
        }
        return Optional.empty();
    }

    private static Optional<Integer> askChcp() {
        try {
            Process p = new ProcessBuilder("cmd.exe", "/d", "/c", "chcp").redirectErrorStream(true).start();
            p.getOutputStream().close();
            byte[] out;
            try (InputStream in = p.getInputStream()) {
                out = in.readAllBytes();
            }
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.empty();
            }
            return parseChcp(new String(out, StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private static Charset nativeCharset() {
        String nativeName = System.getProperty("native.encoding");
        if (nativeName != null && Charset.isSupported(nativeName)) {
            return Charset.forName(nativeName);
        }
        return Charset.defaultCharset();
    }
}
