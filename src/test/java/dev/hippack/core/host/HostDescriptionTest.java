package dev.hippack.core.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.PackagerException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostDescriptionTest {

    @TempDir
    Path dir;

    @Test
    void hostJsonDescribesAWindowsMachineUnderItsFolder() throws Exception {
        Files.writeString(dir.resolve("host.json"), """
                {
                  "os": "windows",
                  "drives": { "C:": "." , "D:": "second drive" },
                  "workingDirectory": "D:\\\\src\\\\audio.cpp",
                  "env": { "ProgramFiles": "C:\\\\Program Files", "HIP_PATH": "C:\\\\Program Files\\\\AMD\\\\ROCm\\\\6.4\\\\" },
                  "recordedOutputs": { "amdgpu-arch.exe": "recorded/gpus.txt" }
                }
                """);
        Host host = Host.describe(dir);
        assertThat(host.os()).isEqualTo(OperatingSystem.WINDOWS);
        assertThat(host.isLocal()).isFalse();
        assertThat(host.resolve(host.env("hip_path").orElseThrow())).isEqualTo(dir.toAbsolutePath().resolve("Program Files/AMD/ROCm/6.4"));
        assertThat(host.resolve("build")).isEqualTo(dir.toAbsolutePath().resolve("second drive/src/audio.cpp/build"));
        assertThat(host.recordedOutputs().get("AMDGPU-ARCH.EXE")).isEqualTo(dir.toAbsolutePath().resolve("recorded/gpus.txt"));
        assertThat(host.displayName()).contains("Windows").contains("host.json");
    }

    @Test
    void windowsHostWithoutDrivesMapsDriveCToItsFolder() throws Exception {
        Files.writeString(dir.resolve("host.json"), "{\"os\":\"windows\"}");
        assertThat(Host.describe(dir).resolve("C:\\x")).isEqualTo(dir.toAbsolutePath().resolve("x"));
    }

    @Test
    void writtenDescriptionReadsBackTheSame() throws Exception {
        HostDescription d = new HostDescription(OperatingSystem.WINDOWS, java.util.Map.of("C:", "."), "C:\\src",
                java.util.Map.of("HIP_PATH", "C:\\x\\"), java.util.Map.of());
        d.write(dir);
        assertThat(HostDescription.load(dir)).isEqualTo(d);
        assertThat(dir.resolve("host.json.tmp")).doesNotExist();
    }

    @Test
    void brokenJsonNamesTheFileAndLine() throws Exception {
        Files.writeString(dir.resolve("host.json"), "{\n  \"os\": \"windows\",\n  \"env\": { \"A\": }\n}");
        assertThatThrownBy(() -> Host.describe(dir)).isInstanceOf(PackagerException.class)
                .hasMessageContaining(dir.resolve("host.json").toString()).hasMessageContaining("line 3");
    }

    @Test
    void unknownKeyAndBadOsNameTheJsonPath() throws Exception {
        Files.writeString(dir.resolve("host.json"), "{\"os\":\"windows\",\"enviroment\":{}}");
        assertThatThrownBy(() -> Host.describe(dir)).isInstanceOf(PackagerException.class)
                .hasMessageContaining("enviroment").hasMessageContaining("host.json");
        Files.writeString(dir.resolve("host.json"), "{\"os\":\"beos\"}");
        assertThatThrownBy(() -> Host.describe(dir)).isInstanceOf(PackagerException.class)
                .hasMessageContaining("$.os");
        Files.writeString(dir.resolve("host.json"), "{\"env\":{}}");
        assertThatThrownBy(() -> Host.describe(dir)).isInstanceOf(PackagerException.class)
                .hasMessageContaining("os");
    }

    @Test
    void badDriveKeyIsRefusedWithTheKey() throws Exception {
        Files.writeString(dir.resolve("host.json"), "{\"os\":\"windows\",\"drives\":{\"C\":\".\"}}");
        assertThatThrownBy(() -> Host.describe(dir)).isInstanceOf(PackagerException.class)
                .hasMessageContaining("drive 'C'");
    }

    @Test
    void missingFolderOrFileSaysWhatToGive() {
        assertThatThrownBy(() -> Host.describe(dir.resolve("nope"))).isInstanceOf(PackagerException.class)
                .hasMessageContaining("no such folder");
        assertThatThrownBy(() -> Host.describe(dir)).isInstanceOf(PackagerException.class)
                .hasMessageContaining("host.json does not exist");
    }
}
