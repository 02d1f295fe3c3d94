package dev.hippack.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** The version Maven wrote into {@code version.properties} at build time. */
public final class VersionProvider implements CommandLine.IVersionProvider {

    public static String version() {
        try (InputStream in = VersionProvider.class.getResourceAsStream("/dev/hippack/version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    @Override
    public String[] getVersion() {
        return new String[] {
            "hip-packager " + version(),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
        };
    }
}
