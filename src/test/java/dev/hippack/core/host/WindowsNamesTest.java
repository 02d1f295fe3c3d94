package dev.hippack.core.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class WindowsNamesTest {

    @Test
    void pathsWindowsCanHavePass() {
        for (String p : List.of("build\\hip", "build/hip71", "build hip", "C:\\builds\\hip", "D:/out", "..\\builds\\hip",
                ".\\build", "\\\\server\\share\\builds", "build\\hip.release", "console", "com10", "lpt", "a_b-c.d")) {
            assertThat(WindowsNames.problem(p)).as(p).isEmpty();
        }
    }

    @Test
    void forbiddenCharactersAreNamedWithTheName() {
        assertThat(WindowsNames.problem("bu|ild")).hasValueSatisfying(m -> assertThat(m).startsWith("'bu|ild' holds |"));
        for (String p : List.of("a\"b", "x*", "what?", "a<b", "a>b", "build\\a:b")) {
            assertThat(WindowsNames.problem(p)).as(p).isPresent();
        }
        assertThat(WindowsNames.problem("a\u0000b")).hasValueSatisfying(m -> assertThat(m).contains("control character (code 0)"));
        assertThat(WindowsNames.problem("tab\there")).isPresent();
    }

    @Test
    void reservedDeviceNamesAreRefusedWithOrWithoutAnExtension() {
        for (String p : List.of("con", "CON", "build\\nul", "aux.txt", "COM1", "lpt9.log", "prn")) {
            assertThat(WindowsNames.problem(p)).as(p).hasValueSatisfying(m -> assertThat(m).contains("device name Windows reserves"));
        }
    }

    @Test
    void aNameEndingInADotOrASpaceIsRefused() {
        assertThat(WindowsNames.problem("build.")).hasValueSatisfying(m -> assertThat(m).contains("ends with a dot"));
        assertThat(WindowsNames.problem("build \\hip")).hasValueSatisfying(m -> assertThat(m).contains("ends with a space"));
    }

    @Test
    void aFileNameIsOneNameWindowsAllows() {
        for (String n : List.of("audiocpp-windows-hip-rocm6", "my package+rocm 7.1", "v0.4.3_x", ".hidden", "console")) {
            assertThat(WindowsNames.fileNameProblem(n)).as(n).isEmpty();
        }
        assertThat(WindowsNames.fileNameProblem("out/pkg")).hasValueSatisfying(m -> assertThat(m).contains("holds /, which makes it a path"));
        assertThat(WindowsNames.fileNameProblem("..\\pkg")).hasValueSatisfying(m -> assertThat(m).contains("holds \\"));
        assertThat(WindowsNames.fileNameProblem("C:pkg")).hasValueSatisfying(m -> assertThat(m).contains("holds :"));
        assertThat(WindowsNames.fileNameProblem("..")).hasValueSatisfying(m -> assertThat(m).contains("names a folder"));
        assertThat(WindowsNames.fileNameProblem("")).hasValue("the name is empty");
        assertThat(WindowsNames.fileNameProblem("nul")).hasValueSatisfying(m -> assertThat(m).contains("device name"));
        assertThat(WindowsNames.fileNameProblem("pkg.")).hasValueSatisfying(m -> assertThat(m).contains("ends with a dot"));
    }
}
