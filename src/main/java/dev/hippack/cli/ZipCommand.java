package dev.hippack.cli;

import dev.hippack.core.ByteSize;
import dev.hippack.core.PackagerException;
import dev.hippack.core.archive.ZipArchiver;
import dev.hippack.core.archive.ZipRequest;
import dev.hippack.core.archive.ZipResult;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.sbom.PackageSbom;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hip-packager zip DIR --out FILE.zip}: a deterministic, verified zip of a folder, with SHA256SUMS. */
@Command(name = "zip",
        description = {
            "Zips a staged package folder and verifies the zip while it is written.",
            "One top-level folder, sorted entries, fixed times, deflate on every core. The zip is written beside "
                + "FILE.zip under a temporary name, read back and verified while it is written, then renamed; "
                + "SHA256SUMS beside it gets its line. One run at a time writes into a folder. SOURCE_DATE_EPOCH, "
                + "when set, gives the entries' time."
        })
public final class ZipCommand extends BaseCommand {

    @Parameters(index = "0", paramLabel = "DIR", description = "The folder to zip.")
    Path dir;

    @Option(names = "--out", required = true, paramLabel = "FILE.zip", description = "The zip to write.")
    Path out;

    @Option(names = "--level", paramLabel = "0-9", defaultValue = "" + ZipRequest.DEFAULT_LEVEL,
            description = "Deflate level, 0 (store) to 9 (smallest); default ${DEFAULT-VALUE} (as 7-Zip's).")
    int level;

    @Option(names = "--threads", paramLabel = "N",
            description = "Compression threads; default and most: every core (and no more than the file chunks).")
    Integer threads;

    @Option(names = "--root", paramLabel = "NAME",
            description = "The top-level folder inside the zip; default: the zip's name without .zip.")
    String root;

    @Mixin
    ForceOption force;

    @Mixin
    JsonOption json;

    /** The --json output: paths as plain strings. */
    record ZipJson(String zip, String checksums, String sha256, int files, int directories, long contentBytes,
                   long zipBytes) {
        static ZipJson of(ZipResult r) {
            return new ZipJson(r.zip().toString(), r.checksums().toString(), r.sha256(), r.files(), r.directories(),
                    r.contentBytes(), r.zipBytes());
        }
    }

    /**
     * The zip's bill of materials copied beside it ({@code <package>.sbom.cdx.json}), for those who
     * read it before downloading the zip, and printed; nothing when the package has none.
     */
    static void copySbom(PrintWriter stdout, ZipResult result, boolean json) throws PackagerException {
        Optional<Path> sbom = PackageSbom.copyBesideZip(result.zip());
        if (!json && sbom.isPresent()) {
            stdout.println("SBOM " + sbom.get());
            stdout.flush();
        }
    }

    static void printSummary(PrintWriter stdout, ZipResult result) {
        stdout.printf(Locale.ROOT, "%s: %d files, %s -> %s (%.1f%%), verified%n", result.zip(),
                result.files(), ByteSize.of(result.contentBytes()), ByteSize.of(result.zipBytes()), result.ratio() * 100);
        stdout.printf(Locale.ROOT, "SHA-256 %s (added to %s)%n", result.sha256(), result.checksums());
        stdout.flush();
    }

    @Override
    protected int run() throws PackagerException, OperationCancelledException {
        if (level < 0 || level > 9) {
            throw new PackagerException("--level must be 0 to 9, not " + level + ".");
        }
        int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (n < 1) {
            throw new PackagerException("--threads must be at least 1, not " + n + ".");
        }
        ZipRequest request = new ZipRequest(dir, out, root == null ? ZipRequest.rootFolderFor(out) : root, level, n,
                ZipRequest.timestampFrom(System.getenv()), force.on);
        ConsoleProgress progress = new ConsoleProgress(err(), json.on);
        ZipResult result = cancellableByCtrlC(token -> new ZipArchiver().run(request, progress, token));
        if (json.on) {
            printJson(ZipJson.of(result));
        } else {
            printSummary(out(), result);
        }
        copySbom(out(), result, json.on);
        return Cli.OK;
    }
}
