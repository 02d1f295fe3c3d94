package dev.hippack.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * The command line in a JVM of its own, started the way the image starts it (the module path,
 * {@code -m dev.hippack/dev.hippack.Main}): a second terminal, a CI step, a process to kill. The
 * test JVM's class path comes along, read by the application as {@code ./mvnw javafx:run} has it
 * read: the libraries that are no modules (jsign, CycloneDX's own dependencies) are there.
 */
final class ChildJvm {

    private ChildJvm() { }

    /** The command that runs {@code hip-packager args...}; skips the calling test where tests are not on the module path. */
    static List<String> command(String... args) {
        String modulePath = System.getProperty("jdk.module.path");
        Assumptions.assumeTrue(modulePath != null && !modulePath.isBlank(),
                "tests do not run on the module path here, so the command line could not be started in a second JVM");
        String javaExe = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>(List.of(javaExe, "-Xmx256m", "--module-path", modulePath,
                "--class-path", System.getProperty("java.class.path", ""), "--add-reads", "dev.hippack=ALL-UNNAMED",
                "-m", "dev.hippack/dev.hippack.Main"));
        command.addAll(List.of(args));
        return command;
    }

    /** {@code command} as one POSIX shell word each, for {@code bash -c}. */
    static String shellQuoted(List<String> command) {
        StringBuilder sb = new StringBuilder();
        for (String part : command) {
            sb.append(sb.length() == 0 ? "" : " ").append('\'').append(part.replace("'", "'\\''")).append('\'');
        }
        return sb.toString();
    }
}
