package dev.hippack.launch;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The version Maven wrote into {@code version.properties} at build time, for the CLI's --version and the wizard. */
public final class ApplicationVersion {

    private ApplicationVersion() { }

    /** "0.1.0", or "unknown" when the build wrote no version (a class folder run without Maven's resources). */
    public static String version() {
        try (InputStream in = ApplicationVersion.class.getResourceAsStream("/dev/hippack/version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
