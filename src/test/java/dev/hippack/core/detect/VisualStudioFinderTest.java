package dev.hippack.core.detect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.finding.Finding;
import dev.hippack.core.host.Host;
import dev.hippack.core.host.OperatingSystem;
import dev.hippack.core.plan.PlanRules;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Recorded vswhere outputs (src/test/resources/dev/hippack/detect/vswhere) answer through a described host. */
class VisualStudioFinderTest {

    @TempDir
    Path dir;

    private final VisualStudioFinder finder = new VisualStudioFinder();

    private Host hostAnswering(String recording) throws Exception {
        Path installer = dir.resolve("Program Files (x86)/Microsoft Visual Studio/Installer");
        Files.createDirectories(installer);
        Files.writeString(installer.resolve("vswhere.exe"), "MZ");
        Map<String, Path> recorded = Map.of();
        if (recording != null) {
            Path rec = dir.resolve("recorded.json");
            try (InputStream in = getClass().getResourceAsStream("/dev/hippack/detect/vswhere/" + recording)) {
                Files.copy(in, rec);
            }
            recorded = Map.of("vswhere.exe", rec);
        }
        return Host.described(OperatingSystem.WINDOWS, dir, Map.of("C:", dir),
                Map.of("ProgramFiles", "C:\\Program Files", "ProgramFiles(x86)", "C:\\Program Files (x86)"), "C:\\", recorded);
    }

    private Path toolset(String instance, String version, boolean cl) throws Exception {
        Path x64 = dir.resolve(instance).resolve("VC/Tools/MSVC").resolve(version).resolve("bin/Hostx64/x64");
        Files.createDirectories(x64);
        if (cl) {
            Files.writeString(x64.resolve("cl.exe"), "MZ");
        }
        return x64;
    }

    @Test
    void localizedDisplayNameIsReadAsUtf8AndKept() throws Exception {
        toolset("Program Files/Microsoft Visual Studio/2022/Community", "14.44.35207", true);
        List<Finding> findings = new ArrayList<>();
        List<VisualStudioInstance> found = finder.find(hostAnswering("japanese.json"), findings);
        assertThat(found).singleElement().satisfies(vs -> {
            assertThat(vs.name()).isEqualTo("Visual Studio Community 2022 (日本語)");
            assertThat(vs.major()).isEqualTo(17);
            assertThat(vs.foundBy()).isEqualTo(VisualStudioFinder.VSWHERE);
            assertThat(vs.recommendedToolset()).isPresent();
        });
        assertThat(findings).noneMatch(Finding::isError);
    }

    @Test
    void incompleteInstanceIsKeptMarkedAndAnInstanceWithoutPathIsSkipped() throws Exception {
        toolset("Program Files (x86)/Microsoft Visual Studio/2022/BuildTools", "14.44.35207", true);
        List<Finding> findings = new ArrayList<>();
        List<VisualStudioInstance> found = finder.find(hostAnswering("incomplete.json"), findings);
        assertThat(found).singleElement().satisfies(vs -> assertThat(vs.complete()).isFalse());
        assertThat(findings).anySatisfy(f -> assertThat(f.message()).contains("incomplete installation"));
        assertThat(findings).anySatisfy(f -> assertThat(f.message()).contains("instance #2"));
        // An incomplete instance's 14.44 does not count as usable.
        assertThat(findings).anySatisfy(f -> {
            assertThat(f.isError()).isTrue();
            assertThat(f.message()).contains("No complete Visual Studio has MSVC 14.44");
        });
    }

    @Test
    void brokenVswhereJsonFallsBackToTheFolderScanWithAWarning() throws Exception {
        toolset("Program Files (x86)/Microsoft Visual Studio/2022/BuildTools", "14.44.35207", true);
        toolset("Program Files/Microsoft Visual Studio/18/Community", "14.51.36231", true);
        List<Finding> findings = new ArrayList<>();
        List<VisualStudioInstance> found = finder.find(hostAnswering("broken.json"), findings);
        assertThat(findings).anySatisfy(f -> {
            assertThat(f.id()).isEqualTo(VisualStudioFinder.FINDING_ID);
            assertThat(f.message()).contains("not valid JSON").contains("line");
        });
        assertThat(found).extracting(VisualStudioInstance::name)
                .containsExactly("Visual Studio Community 2026", "Visual Studio Build Tools 2022");
        assertThat(found).allSatisfy(vs -> assertThat(vs.foundBy()).isEqualTo(VisualStudioFinder.FOLDER_SCAN));
    }

    @Test
    void withoutVswhereRecordingADescribedHostScansFoldersAndSaysWhy() throws Exception {
        toolset("Program Files (x86)/Microsoft Visual Studio/2022/BuildTools", "14.44.35207", true);
        List<Finding> findings = new ArrayList<>();
        List<VisualStudioInstance> found = finder.find(hostAnswering(null), findings);
        assertThat(found).singleElement().satisfies(vs -> assertThat(vs.foundBy()).isEqualTo(VisualStudioFinder.FOLDER_SCAN));
        assertThat(findings).anySatisfy(f -> assertThat(f.message()).contains("vswhere was not run"));
    }

    @Test
    void toolsetVerdictsFollowTheGuide() {
        assertThat(VisualStudioFinder.judgeToolset("14.44.35207", 17, "VS", true, true, "p").verdict()).isEqualTo(ToolsetVerdict.RECOMMENDED);
        assertThat(VisualStudioFinder.judgeToolset("14.43.34808", 17, "VS", true, true, "p").verdict()).isEqualTo(ToolsetVerdict.ACCEPTED);
        MsvcToolset refused = VisualStudioFinder.judgeToolset("14.51.36231", 18, "Visual Studio Community 2026", true, true, "p");
        assertThat(refused.verdict()).isEqualTo(ToolsetVerdict.REFUSED);
        assertThat(refused.fix()).contains(PlanRules.VS2026_V143_COMPONENT).contains("Visual Studio Community 2026");
        assertThat(VisualStudioFinder.judgeToolset("14.50.35717", 18, "VS", true, true, "p").verdict()).isEqualTo(ToolsetVerdict.REFUSED);
        assertThat(VisualStudioFinder.judgeToolset("14.38.33130", 17, "VS", true, true, "p").verdict()).isEqualTo(ToolsetVerdict.REFUSED);
        assertThat(VisualStudioFinder.judgeToolset("14.44.35207", 17, "VS", false, false, "p").verdict()).isEqualTo(ToolsetVerdict.INCOMPLETE);
        assertThat(VisualStudioFinder.judgeToolset("14.44.35207", 17, "VS", true, true, "p").vcvarsVersion()).isEqualTo("14.44");
    }

    @Test
    void toolsetFolderWithoutClIsIncompleteAndRedistAliasFoldersAreIgnored() throws Exception {
        String inst = "Program Files (x86)/Microsoft Visual Studio/2022/BuildTools";
        toolset(inst, "14.44.35207", true);
        toolset(inst, "14.40.33807", false);
        Path redist = dir.resolve(inst).resolve("VC/Redist/MSVC");
        Files.createDirectories(redist.resolve("v143"));
        Path crt = redist.resolve("14.44.35112/x64/Microsoft.VC143.CRT");
        Files.createDirectories(crt);
        Files.writeString(crt.resolve("vcruntime140.dll"), "MZ");
        List<Finding> findings = new ArrayList<>();
        VisualStudioInstance vs = finder.find(hostAnswering(null), findings).get(0);
        assertThat(vs.toolsets()).extracting(MsvcToolset::version).containsExactly("14.40.33807", "14.44.35207");
        assertThat(vs.toolsets().get(0).verdict()).isEqualTo(ToolsetVerdict.INCOMPLETE);
        assertThat(vs.redists()).singleElement().satisfies(r -> assertThat(r.version()).isEqualTo("14.44.35112"));
        assertThat(findings).anySatisfy(f -> assertThat(f.message()).contains("14.40.33807").contains("cl.exe"));
    }

    @Test
    void noVisualStudioAtAllIsAnErrorWithTheInstallFix() throws Exception {
        List<Finding> findings = new ArrayList<>();
        assertThat(finder.find(hostAnswering(null), findings)).isEmpty();
        assertThat(findings).anySatisfy(f -> {
            assertThat(f.isError()).isTrue();
            assertThat(f.fix()).contains("Build Tools");
        });
    }
}
