package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.audit.PackageSnapshot;
import dev.hippack.core.audit.PackageSnapshotReader;
import dev.hippack.core.diff.DiffText;
import dev.hippack.core.diff.PackageDiff;
import dev.hippack.core.diff.PackageDiffer;
import dev.hippack.core.ByteSize;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code hip-packager diff OLD NEW [--json]}: what changed between two packages, folders or zips read in place. */
@Command(name = "diff",
        description = {
            "Compares two packages, each a staged folder or a zip.",
            "Zips are read in place, each entry checked. It lists the files added, removed and changed, the sizes "
                + "per component and per GPU architecture, the ROCm DLLs whose version or size changed, and the "
                + "targets gained and lost. It says \"No change\" when both hold the same files byte for byte."
        },
        footer = {"", "Exit codes: 0 compared (whether or not anything changed); 1 a zip is damaged (its findings are "
            + "listed; the comparison may be incomplete); 2 bad input (missing, not a zip, truncated)."})
public final class DiffCommand extends BaseCommand {

    @Parameters(index = "0", paramLabel = "OLD", description = "The older package: a folder or a .zip.")
    Path older;

    @Parameters(index = "1", paramLabel = "NEW", description = "The newer package: a folder or a .zip.")
    Path newer;

    @Mixin
    JsonOption json;

    @Override
    protected int run() throws PackagerException, OperationCancelledException {
        OperationListener listener = json.on ? OperationListener.NONE : new ConsoleProgress(err(), false);
        PackageSnapshotReader reader = new PackageSnapshotReader(catalog());
        PackageDiff diff = cancellableByCtrlC(token -> {
            PackageSnapshot o = reader.read(older, true, listener, token);
            PackageSnapshot n = reader.read(newer, true, listener, token);
            return new PackageDiffer().diff(o, n);
        });
        boolean damaged = diff.findings().stream().anyMatch(Finding::isError);
        if (json.on) {
            printJson(DiffJson.of(diff));
        } else {
            PrintWriter out = out();
            out.println("Old: " + describe(diff.oldPackage()));
            out.println("New: " + describe(diff.newPackage()));
            out.println();
            new DiffText().lines(diff).forEach(out::println);
            out.flush();
            FindingsText.print(err(), diff.findings(), false);
        }
        if (damaged) {
            err().println("hip-packager: a package is damaged (see above); the comparison may be incomplete.");
            err().flush();
        }
        return Cli.exitCode(damaged);
    }

    private static String describe(PackageDiff.Side s) {
        return s.name() + " (" + s.source() + "): " + s.files() + " files, " + ByteSize.of(s.bytes())
                + s.version().map(v -> ", audio.cpp " + v).orElse("")
                + (s.targets().isEmpty() ? "" : ", targets " + String.join(", ", s.targets()));
    }
}
