package dev.hippack.core.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.PackagerException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PackageNameTest {

    @Test
    void theVersionOfGitDescribeGoesIntoTheNameAsItIsPrinted() throws Exception {
        assertThat(PackageName.resolve("audiocpp-windows-hip-rocm6-{version}", Optional.of("v0.4.3-12-g615971e"), "p"))
                .isEqualTo("audiocpp-windows-hip-rocm6-v0.4.3-12-g615971e");
        assertThat(PackageName.resolve("audiocpp-{version}-hip", Optional.of("v0.4.3-dirty\n"), "p")).isEqualTo("audiocpp-v0.4.3-dirty-hip");
    }

    @Test
    void aSlashBecomesADashAndABareCommitIsMarkedAsOne() throws Exception {
        assertThat(PackageName.fileSafe("release/0.4.3")).isEqualTo("release-0.4.3");
        assertThat(PackageName.fileSafe("615971e")).isEqualTo("g615971e");
        assertThat(PackageName.fileSafe("615971e-dirty")).isEqualTo("g615971e-dirty");
        // A short all-digit tag is a tag, not a commit.
        assertThat(PackageName.fileSafe("2026")).isEqualTo("2026");
    }

    @Test
    void aVersionThatCannotBeAFileNameIsRefusedNamingIt() {
        for (String bad : new String[] {"v1<2>", "v1|2", "v1\"2", "v1 2", ".hidden", "v1.", "-v1", "x".repeat(65), "v1:2"}) {
            assertThatThrownBy(() -> PackageName.fileSafe(bad)).as(bad)
                    .isInstanceOf(PackagerException.class).hasMessageContaining("cannot go into a file name");
        }
    }

    @Test
    void noVersionWithThePlaceholderIsAClearErrorAndWithoutItNoneIsNeeded() throws Exception {
        assertThatThrownBy(() -> PackageName.resolve("a-{version}", Optional.empty(), "Profile p.json"))
                .hasMessageContaining("Profile p.json").hasMessageContaining("{version}").hasMessageContaining("not known")
                .hasMessageContaining("git fetch --tags");
        assertThat(PackageName.resolve("a", Optional.empty(), "p")).isEqualTo("a");
    }

    @Test
    void onlyTheVersionPlaceholderIsKnown() {
        assertThat(PackageName.placeholderProblem("a-{version}")).isEmpty();
        assertThat(PackageName.placeholderProblem("a-{Version}")).hasValueSatisfying(p -> assertThat(p).contains("{Version}"));
        assertThat(PackageName.placeholderProblem("a-{version")).hasValueSatisfying(p -> assertThat(p).contains("brace"));
        assertThat(PackageName.placeholderProblem("a-}")).isPresent();
    }
}
