package dev.hippack.cli;

import dev.hippack.launch.ApplicationVersion;
import picocli.CommandLine;

/** What {@code --version} prints, on every command: the application's version and the Java runtime. */
public final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {
            "hip-packager " + ApplicationVersion.version(),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
        };
    }
}
