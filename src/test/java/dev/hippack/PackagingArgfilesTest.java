package dev.hippack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The jpackage argfiles under packaging/jpackage: the options the Windows bundles need are there,
 * and every file they name exists. The Windows ones cannot run here (jpackage refuses --win-*
 * options on Linux, and the MSI needs WiX), so this is what guards them between Windows builds;
 * the Linux app image is built and started by {@code ./mvnw -Pjpackage verify}.
 */
class PackagingArgfilesTest {

    private static final Path DIR = Path.of("packaging", "jpackage");

    @Test
    void appImageStartsTheApplicationModule() throws IOException {
        List<String> args = argfile("app-image.txt");
        assertThat(value(args, "--type")).isEqualTo("app-image");
        assertThat(value(args, "--module")).isEqualTo(Main.class.getModule().getName() + "/" + Main.class.getName());
    }

    @Test
    void windowsAppImageHasTheWizardAndAConsoleLauncherWithTheIco() throws IOException {
        List<String> args = argfile("windows.txt");
        assertThat(value(args, "--name")).isEqualTo("HIP Packager");
        assertThat(existing(value(args, "--icon"))).hasFileName("hip-packager.ico");
        String launcher = value(args, "--add-launcher");
        assertThat(launcher).startsWith("hip-packager=");
        Properties cli = properties(existing(launcher.substring(launcher.indexOf('=') + 1)));
        assertThat(cli.getProperty("win-console")).isEqualTo("true");
        assertThat(existing(cli.getProperty("icon"))).hasFileName("hip-packager.ico");
    }

    /**
     * The wizard's launchers give the JVM the same desktop options as the image's launchers
     * (bin/hip-packager and its .bat), and the console launcher none: an empty java-options in its
     * properties keeps jpackage from copying the main launcher's into it.
     */
    @Test
    void windowsWizardHasTheDesktopOptionsAndTheConsoleLauncherNone() throws IOException {
        String sh = Files.readString(Path.of("src", "main", "dist", "bin", "hip-packager"));
        Matcher m = Pattern.compile("gui_opts=\"(-[^\"]+)\"").matcher(sh);
        assertThat(m.find()).as("desktop options in bin/hip-packager").isTrue();
        String desktop = m.group(1);
        assertThat(desktop).contains("-XX:TieredStopAtLevel=1");
        assertThat(value(argfile("windows.txt"), "--java-options")).isEqualTo(desktop);
        assertThat(Files.readString(Path.of("src", "main", "dist", "bin", "hip-packager.bat")))
                .contains("set \"GUI_OPTS=" + desktop + "\"");
        String launcher = value(argfile("windows.txt"), "--add-launcher");
        Properties cli = properties(existing(launcher.substring(launcher.indexOf('=') + 1)));
        assertThat(cli.getProperty("java-options")).as("the console launcher's java-options").isEmpty();
    }

    @Test
    void windowsInstallerIsPerUserWithStartMenuDirChooserAndAFixedUpgradeCode() throws IOException {
        List<String> args = argfile("windows-installer.txt");
        assertThat(value(args, "--type")).isIn("msi", "exe");
        assertThat(args).contains("--win-per-user-install", "--win-menu", "--win-dir-chooser");
        assertThat(value(args, "--win-menu-group")).isEqualTo("HIP Packager");
        String uuid = value(args, "--win-upgrade-uuid");
        assertThat(UUID.fromString(uuid).toString()).isEqualTo(uuid);
        assertThat(existing(value(args, "--icon"))).hasFileName("hip-packager.ico");
        assertThat(existing(value(args, "--license-file"))).hasFileName("LICENSE");
        assertThat(value(args, "--name")).isEqualTo(value(argfile("windows.txt"), "--name"));
    }

    @Test
    void linuxAppImageUsesThePngIcon() throws IOException {
        List<String> args = argfile("linux.txt");
        assertThat(value(args, "--name")).isEqualTo("hip-packager");
        assertThat(existing(value(args, "--icon"))).hasFileName("hip-packager-256.png");
    }

    @Test
    void metadataNamesVendorAndDescription() throws IOException {
        List<String> args = argfile("metadata.txt");
        assertThat(value(args, "--vendor")).isNotBlank();
        assertThat(value(args, "--description")).isNotBlank();
    }

    /** jpackage's argfile syntax as we use it: '#' comments, whitespace-separated, double quotes group. */
    private static List<String> argfile(String name) throws IOException {
        List<String> args = new ArrayList<>();
        for (String line : Files.readAllLines(DIR.resolve(name))) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            StringBuilder token = new StringBuilder();
            boolean quoted = false;
            boolean any = false;
            for (char c : trimmed.toCharArray()) {
                if (c == '"') {
                    quoted = !quoted;
                    any = true;
                } else if (Character.isWhitespace(c) && !quoted) {
                    if (any) {
                        args.add(token.toString());
                        token.setLength(0);
                        any = false;
                    }
                } else {
                    token.append(c);
                    any = true;
                }
            }
            assertThat(quoted).as("unbalanced quote in %s: %s", name, line).isFalse();
            if (any) {
                args.add(token.toString());
            }
        }
        return args;
    }

    private static String value(List<String> args, String option) {
        int i = args.indexOf(option);
        assertThat(i).as("%s in %s", option, args).isNotNegative();
        assertThat(i + 1).as("%s has a value", option).isLessThan(args.size());
        return args.get(i + 1);
    }

    /** A path as jpackage resolves it: relative to the repository root, where the build runs it. */
    private static Path existing(String path) {
        Path p = Path.of(path);
        assertThat(p).as("file named in an argfile").isRegularFile();
        return p;
    }

    private static Properties properties(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        return p;
    }
}
