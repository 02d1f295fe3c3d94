package dev.hippack.core.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.PackagerException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --host DIR} describes a machine inside DIR: host.json is read strictly (typed, never
 * coerced, no nulls where a value is needed), its drives and recordings stay inside DIR, every
 * path of the machine maps inside DIR, and nothing is written outside it through a link.
 */
class HostConfinementTest {

    @TempDir
    Path outer;

    private Path dir() throws Exception {
        return Files.createDirectories(outer.resolve("machine"));
    }

    private PackagerException refused(String hostJson) throws Exception {
        Path dir = dir();
        Files.writeString(dir.resolve("host.json"), hostJson);
        try {
            Host.describe(dir);
        } catch (PackagerException e) {
            assertThat(e.getMessage()).startsWith(dir.resolve("host.json").toString());
            return e;
        }
        throw new AssertionError("accepted: " + hostJson);
    }

    @Test
    void nullsAndWrongTypesNameTheFieldInsteadOfFailingLater() throws Exception {
        assertThat(refused("{\"os\": null}")).hasMessageContaining("line 1, column 8, at $.os: is null; give one of \"windows\"");
        assertThat(refused("{\"os\": 0}")).hasMessageContaining("at $.os: expected one of \"windows\", \"linux\", \"macos\", found the number 0");
        assertThat(refused("{\"os\": \"windows\", \"drives\": {\"C:\": null}}")).hasMessageContaining("at $.drives[\"C:\"]: is null");
        assertThat(refused("{\"os\": \"windows\", \"recordedOutputs\": {\"vswhere.exe\": null}}"))
                .hasMessageContaining("at $.recordedOutputs[\"vswhere.exe\"]: is null");
        assertThat(refused("{\"os\": \"windows\", \"env\": {\"PATH\": 7}}")).hasMessageContaining("at $.env.PATH: expected a non-empty string");
        assertThat(refused("{\"os\": \"windows\", \"env\": {\"A=B\": \"x\"}}")).hasMessageContaining("at $.env[\"A=B\"]: environment variable");
        assertThat(refused("{\"os\": \"windows\", \"workingDirectory\": \"\"}")).hasMessageContaining("at $.workingDirectory: is empty");
        assertThat(refused("{\"os\": \"windows\", \"drives\": {\"C\": \".\"}}")).hasMessageContaining("at $.drives.C: drive 'C'");
        assertThat(refused("{\"os\": \"windows\", \"recordedOutputs\": {\"bin/git.exe\": \"r.txt\"}}"))
                .hasMessageContaining("not a program's file name");
    }

    @Test
    void recordingsAndDrivesOutsideTheFolderAreRefused() throws Exception {
        Files.writeString(outer.resolve("secret.txt"), "not the machine's");
        assertThat(refused("{\"os\": \"windows\", \"recordedOutputs\": {\"vswhere.exe\": \"../secret.txt\"}}"))
                .hasMessageContaining("at $.recordedOutputs[\"vswhere.exe\"]: '../secret.txt' leads out of");
        assertThat(refused("{\"os\": \"windows\", \"recordedOutputs\": {\"vswhere.exe\": \"" + outer.resolve("secret.txt") + "\"}}"))
                .hasMessageContaining("leads out of");
        assertThat(refused("{\"os\": \"windows\", \"drives\": {\"D:\": \"/\"}}")).hasMessageContaining("at $.drives[\"D:\"]: '/' leads out of");
        Files.createSymbolicLink(dir().resolve("link.txt"), outer.resolve("secret.txt"));
        assertThat(refused("{\"os\": \"windows\", \"recordedOutputs\": {\"vswhere.exe\": \"link.txt\"}}"))
                .hasMessageContaining("is a link to " + outer.resolve("secret.txt").toRealPath());
        Files.createSymbolicLink(dir().resolve("elsewhere"), outer);
        assertThat(refused("{\"os\": \"windows\", \"drives\": {\"D:\": \"elsewhere\"}}")).hasMessageContaining("is a link to");
        // Inside the folder, absolute or relative, is fine.
        Path dir = dir();
        Files.writeString(dir.resolve("host.json"), "{\"os\": \"windows\", \"drives\": {\"C:\": \"" + dir.resolve("c") + "\"},"
                + " \"recordedOutputs\": {\"git.exe\": \"./r/../git.txt\"}}");
        assertThat(Host.describe(dir).recordedOutputs().get("git.exe")).isEqualTo(dir.toAbsolutePath().resolve("git.txt"));
    }

    @Test
    void everyPathOfADescribedWindowsMachineMapsInsideItsFolder() throws Exception {
        Path dir = dir();
        Files.writeString(dir.resolve("host.json"), "{\"os\": \"windows\", \"workingDirectory\": \"D:\\\\src\"}");
        Host host = Host.describe(dir);
        Path base = dir.toAbsolutePath();
        // A single slash is the root of the working folder's drive, as on Windows, not this machine's /tmp.
        assertThat(host.resolve("/tmp/evil")).isEqualTo(base.resolve("D/tmp/evil"));
        assertThat(host.resolve("C:\\..\\..\\..\\etc")).isEqualTo(base.resolve("etc"));
        assertThat(host.resolve("..\\..\\..\\x")).isEqualTo(base.resolve("D/x"));
        assertThat(host.resolve("\\\\server\\share\\..\\..\\y")).startsWithRaw(base);
    }

    @Test
    void aRelativeOrClimbingWorkingFolderStaysInsideTheFolder() throws Exception {
        for (String wd : new String[] {"..\\\\..\\\\..\\\\outside", "..", "src\\\\..\\\\..\\\\.."}) {
            Path dir = Files.createDirectories(dir().resolve("m" + Math.abs(wd.hashCode())));
            Files.writeString(dir.resolve("host.json"), "{\"os\": \"windows\", \"workingDirectory\": \"" + wd + "\"}");
            Host host = Host.describe(dir);
            Path base = dir.toAbsolutePath().normalize();
            assertThat(host.resolve("audio.cpp\\build.ps1").normalize()).as(wd).startsWithRaw(base);
            assertThat(host.resolve("..\\..\\x").normalize()).as(wd).startsWithRaw(base);
        }
        for (String wd : new String[] {"../../outside", "..", "a/../../.."}) {
            Path dir = Files.createDirectories(dir().resolve("l" + Math.abs(wd.hashCode())));
            Files.writeString(dir.resolve("host.json"), "{\"os\": \"linux\", \"workingDirectory\": \"" + wd + "\"}");
            Host host = Host.describe(dir);
            assertThat(host.resolve("audio.cpp/build.sh").normalize()).as(wd).startsWithRaw(dir.toAbsolutePath().normalize());
        }
    }

    @Test
    void aDescribedLinuxMachineHasItsRootInItsFolder() throws Exception {
        Path dir = dir();
        Files.writeString(dir.resolve("host.json"), "{\"os\": \"linux\", \"workingDirectory\": \"/home/b/audio.cpp\"}");
        Host host = Host.describe(dir);
        Path base = dir.toAbsolutePath();
        assertThat(host.resolve("/opt/rocm")).isEqualTo(base.resolve("opt/rocm"));
        assertThat(host.resolve("build/hip")).isEqualTo(base.resolve("home/b/audio.cpp/build/hip"));
        assertThat(host.resolve("/../../../etc/passwd")).isEqualTo(base.resolve("etc/passwd"));
        assertThat(host.toHostPath(base.resolve("opt/rocm"))).isEqualTo("/opt/rocm");
        assertThat(host.toHostPath(base)).isEqualTo("/");
    }

    @Test
    void aLinkInsideTheFolderIsNoWayToWriteOutsideIt() throws Exception {
        Path dir = dir();
        Files.writeString(dir.resolve("host.json"), "{\"os\": \"windows\"}");
        Files.createDirectories(dir.resolve("src/audio.cpp"));
        Files.createSymbolicLink(dir.resolve("src/audio.cpp/build"), Files.createDirectories(outer.resolve("out")));
        Host host = Host.describe(dir);
        assertThat(host.resolveForWriting("C:\\src\\audio.cpp\\build2\\hip")).isEqualTo(dir.toAbsolutePath().resolve("src/audio.cpp/build2/hip"));
        assertThatThrownBy(() -> host.resolveForWriting("C:\\src\\audio.cpp\\build\\hip")).isInstanceOf(PackagerException.class)
                .hasMessageContaining("C:\\src\\audio.cpp\\build\\hip").hasMessageContaining("outside the folder")
                .hasMessageContaining(outer.resolve("out").toRealPath().toString());
        Files.createSymbolicLink(dir.resolve("release"), outer.resolve("missing"));
        assertThatThrownBy(() -> host.resolveForWriting("C:\\release\\pkg")).isInstanceOf(PackagerException.class)
                .hasMessageContaining("broken link");
        assertThat(Host.local().resolveForWriting(outer.toString())).isEqualTo(outer.toAbsolutePath());
    }

    @Test
    void aDescriptionMadeInCodeCannotMapADriveOutsideItsFolder() throws Exception {
        Path dir = dir();
        assertThatThrownBy(() -> Host.described(OperatingSystem.WINDOWS, dir, Map.of("C:", outer), Map.of(), null, Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("outside");
    }
}
