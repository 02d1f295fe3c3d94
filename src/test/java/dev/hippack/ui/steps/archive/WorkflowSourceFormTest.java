package dev.hippack.ui.steps.archive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.profile.CiWorkflowOptions;
import dev.hippack.ui.steps.archive.WorkflowSourceForm.Kind;
import org.junit.jupiter.api.Test;

class WorkflowSourceFormTest {

    private static final String SHA = "0123456789abcdef".repeat(4);

    @Test
    void aBundleNeedsAnHttpsAddressAndItsSha256BeforeItIsASource() {
        WorkflowSourceForm form = new WorkflowSourceForm();
        assertThat(form.kindProperty().get()).isEqualTo(Kind.BUNDLE);
        assertThat(form.source()).isNull();
        assertThat(form.problemProperty().get()).contains("https://").contains("hip-packager-windows-x64.zip");

        form.bundleUrlProperty().set("https://example.org/hip-packager-windows-x64.zip");
        assertThat(form.source()).isNull();
        assertThat(form.problemProperty().get()).contains("SHA-256");

        form.bundleSha256Property().set("not hex");
        assertThat(form.source()).isNull();
        assertThat(form.problemProperty().get()).isEqualTo("The SHA-256 must be 64 hexadecimal digits.");

        form.bundleSha256Property().set("  " + SHA.toUpperCase() + " ");
        assertThat(form.source()).isEqualTo(new CiWorkflowOptions.FromBundle("https://example.org/hip-packager-windows-x64.zip", SHA));
        assertThat(form.problemProperty().get()).isEmpty();

        form.bundleUrlProperty().set("http://example.org/x.zip");
        assertThat(form.source()).isNull();
        assertThat(form.problemProperty().get()).contains("must start with https://");
    }

    @Test
    void aRepositoryNeedsTheRefToBuildForNoTagIsGuessed() {
        WorkflowSourceForm form = new WorkflowSourceForm();
        form.bundleUrlProperty().set("https://example.org/hip-packager-windows-x64.zip");
        form.bundleSha256Property().set(SHA);
        form.kindProperty().set(Kind.REPOSITORY);
        assertThat(form.source()).as("the bundle's answers do not count for a repository").isNull();
        assertThat(form.problemProperty().get()).contains("owner/name");

        form.repositoryProperty().set("maintainer/hip-packager");
        assertThat(form.source()).isNull();
        assertThat(form.problemProperty().get()).contains("tag, branch or commit of maintainer/hip-packager").contains("does not guess");

        form.refProperty().set("v0.1.0");
        assertThat(form.source()).isEqualTo(new CiWorkflowOptions.FromRepository("maintainer/hip-packager", "v0.1.0"));

        form.repositoryProperty().set("not a repository");
        assertThat(form.source()).isNull();
        assertThat(form.problemProperty().get()).contains("owner/name");

        form.repositoryProperty().set("maintainer/hip-packager");
        form.refProperty().set("bad ref");
        assertThat(form.source()).isNull();
        assertThat(form.problemProperty().get()).contains("ref must be a tag, branch or commit name");

        form.kindProperty().set(Kind.BUNDLE);
        assertThat(form.source()).as("switching back keeps the bundle's answers").isInstanceOf(CiWorkflowOptions.FromBundle.class);
    }
}
