package dev.hippack.core.stage;

import dev.hippack.core.PackagerException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The MSVC CRT redist folder a package takes its CRT DLLs from:
 * {@code <VS>\VC\Redist\MSVC\<version>\x64\Microsoft.VC14?.CRT}, the newest whose version is at
 * least the build toolset's (compared on major.minor: a 14.44 redist is numbered 14.44.35112
 * while its tools are 14.44.35207). Found by listing the folders, as design §6 says, never from
 * VCToolsRedistDir.
 *
 * @param version the redist version folder name, e.g. {@code 14.44.35112}
 * @param folder  the {@code Microsoft.VC14?.CRT} folder holding the DLLs
 */
public record CrtRedist(String version, Path folder) {

    /** The redist to use for a build with {@code toolset} ("14.44") in the Visual Studio at {@code vsInstance}. */
    public static CrtRedist choose(Path vsInstance, String toolset) throws PackagerException {
        Path msvc = vsInstance.resolve("VC").resolve("Redist").resolve("MSVC");
        List<CrtRedist> found = new ArrayList<>();
        try (DirectoryStream<Path> versions = Files.newDirectoryStream(msvc)) {
            for (Path v : versions) {
                if (parse(v.getFileName().toString()) == null) {
                    continue;
                }
                crtFolder(v.resolve("x64")).ifPresent(f -> found.add(new CrtRedist(v.getFileName().toString(), f)));
            }
        } catch (IOException e) {
            throw new PackagerException("No MSVC CRT redist in " + msvc + " (" + e.getMessage() + "). Check the Visual Studio "
                    + "instance in the profile ('vsInstance'), or add the C++ x64 redistributable component with the Visual Studio Installer.", e);
        }
        int[] wanted = parse(toolset);
        if (wanted == null) {
            throw new PackagerException("The toolset '" + toolset + "' is not a version such as 14.44; fix 'toolset' in the profile.");
        }
        Optional<CrtRedist> best = found.stream()
                .filter(r -> compareMajorMinor(parse(r.version()), wanted) >= 0)
                .max(Comparator.comparing(r -> parse(r.version()), Arrays::compare));
        if (best.isEmpty()) {
            throw new PackagerException("The CRT redists in " + msvc + " (" + found.stream().map(CrtRedist::version).toList()
                    + ") are all older than the build toolset " + toolset + ": a package must ship a CRT at least as new as the "
                    + "compiler that built it. Update the Visual Studio instance, or choose the instance whose toolset built the binaries.");
        }
        return best.get();
    }

    private static Optional<Path> crtFolder(Path x64) {
        if (!Files.isDirectory(x64)) {
            return Optional.empty();
        }
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(x64, "Microsoft.VC14?.CRT")) {
            for (Path d : dirs) {
                if (Files.isDirectory(d)) {
                    return Optional.of(d);
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** A file of this redist by name, matched case-insensitively as Windows does. */
    public Optional<Path> file(String name) {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
            for (Path f : files) {
                if (f.getFileName().toString().equalsIgnoreCase(name) && Files.isRegularFile(f)) {
                    return Optional.of(f);
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    private static int compareMajorMinor(int[] a, int[] b) {
        int c = Integer.compare(a[0], b[0]);
        return c != 0 ? c : Integer.compare(a.length > 1 ? a[1] : 0, b.length > 1 ? b[1] : 0);
    }

    private static int[] parse(String version) {
        if (version == null || !version.matches("[0-9]+(\\.[0-9]+)*")) {
            return null;
        }
        return Arrays.stream(version.split("\\.")).mapToInt(Integer::parseInt).toArray();
    }
}
