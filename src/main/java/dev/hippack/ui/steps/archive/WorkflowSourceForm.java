package dev.hippack.ui.steps.archive;

import dev.hippack.core.profile.CiWorkflowOptions;
import dev.hippack.core.profile.CiWorkflowOptions.PackagerSource;
import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * Where an exported workflow's runners get HIP Packager, as the wizard asks it: a released bundle
 * with its SHA-256, or a repository with the ref to build. The values stay for the session, so a
 * second export starts from the first one's answers. {@link #source()} is null until the answers
 * make a source the exporter accepts; {@link #problem()} then says, in the wizard's words, what
 * is still missing or wrong.
 */
public final class WorkflowSourceForm {

    /** The two ways a runner gets HIP Packager. */
    public enum Kind { BUNDLE, REPOSITORY }

    private final ObjectProperty<Kind> kind = new SimpleObjectProperty<>(this, "kind", Kind.BUNDLE);
    private final StringProperty bundleUrl = new SimpleStringProperty(this, "bundleUrl", "");
    private final StringProperty bundleSha256 = new SimpleStringProperty(this, "bundleSha256", "");
    private final StringProperty repository = new SimpleStringProperty(this, "repository", "");
    private final StringProperty ref = new SimpleStringProperty(this, "ref", "");
    private final ReadOnlyObjectWrapper<PackagerSource> source = new ReadOnlyObjectWrapper<>(this, "source");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");

    public WorkflowSourceForm() {
        for (Observable o : new Observable[] {kind, bundleUrl, bundleSha256, repository, ref}) {
            o.addListener(x -> update());
        }
        update();
    }

    private void update() {
        PackagerSource made = null;
        String why;
        if (kind.get() == Kind.BUNDLE) {
            String url = bundleUrl.get().strip();
            String sha = bundleSha256.get().strip();
            if (url.isEmpty()) {
                why = "Enter the https:// address of a released hip-packager-windows-x64.zip.";
            } else if (sha.isEmpty()) {
                why = "Enter the SHA-256 of that zip (64 hexadecimal digits): the runner refuses a download that differs.";
            } else {
                why = "";
                try {
                    made = new CiWorkflowOptions.FromBundle(url, sha);
                } catch (IllegalArgumentException e) {
                    why = url.startsWith("https://") ? "The SHA-256 must be 64 hexadecimal digits." : "The address must start with https:// and hold no spaces or quotes.";
                }
            }
        } else {
            String repo = repository.get().strip();
            String r = ref.get().strip();
            if (repo.isEmpty()) {
                why = "Enter the GitHub repository to build HIP Packager from, as owner/name.";
            } else if (r.isEmpty()) {
                why = "Enter the tag, branch or commit of " + repo + " to build: the workflow does not guess one.";
            } else {
                why = "";
                try {
                    made = new CiWorkflowOptions.FromRepository(repo, r);
                } catch (IllegalArgumentException e) {
                    why = repo.matches("[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+")
                            ? "The ref must be a tag, branch or commit name: letters, digits, '.', '_', '-' and '/'."
                            : "The repository must be owner/name, e.g. maintainer/hip-packager.";
                }
            }
        }
        source.set(made);
        problem.set(why);
    }

    public ObjectProperty<Kind> kindProperty() { return kind; }
    public StringProperty bundleUrlProperty() { return bundleUrl; }
    public StringProperty bundleSha256Property() { return bundleSha256; }
    public StringProperty repositoryProperty() { return repository; }
    public StringProperty refProperty() { return ref; }
    /** The source the answers name, or null while they name none. */
    public ReadOnlyObjectProperty<PackagerSource> sourceProperty() { return source.getReadOnlyProperty(); }
    public PackagerSource source() { return source.get(); }
    /** What is missing or wrong, empty when {@link #source()} is set. */
    public ReadOnlyStringProperty problemProperty() { return problem.getReadOnlyProperty(); }
}
