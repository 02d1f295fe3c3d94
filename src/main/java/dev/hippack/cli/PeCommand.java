package dev.hippack.cli;

import dev.hippack.core.audit.pe.OffloadBundles;
import dev.hippack.core.audit.pe.PeFormatException;
import dev.hippack.core.audit.pe.PeInfo;
import dev.hippack.core.audit.pe.PeReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code hip-packager pe FILE... [--json]}: the DLLs each file imports, like {@code dumpbin /DEPENDENTS},
 * and the GPU targets its clang offload bundles hold.
 */
@Command(name = "pe",
        description = {"Lists the DLLs each PE file imports and delay-loads (like dumpbin /DEPENDENTS) and the GPU targets "
            + "its HIP device code (clang offload bundles) was compiled for."},
        footer = {"", "Exit codes: 0 every file was read; 2 a file is missing or not a readable PE file."})
public final class PeCommand extends BaseCommand {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Executables or DLLs.")
    List<Path> files;

    @Mixin
    JsonOption json;

    @Override
    protected int run() {
        PrintWriter out = out();
        PrintWriter err = err();
        PeReader reader = new PeReader();
        List<PeReport> infos = new ArrayList<>();
        boolean failed = false;
        for (Path file : files) {
            try {
                PeInfo info = reader.read(file);
                PeReport report = PeReport.of(info, reader.offloadBundles(file));
                infos.add(report);
                if (!json.on) {
                    print(out, report);
                }
            } catch (PeFormatException e) {
                err.println("hip-packager: " + e.getMessage());
                failed = true;
            }
        }
        if (json.on) {
            printJson(infos);
        }
        out.flush();
        err.flush();
        return failed ? Cli.BAD_INPUT : Cli.OK;
    }

    private static void print(PrintWriter out, PeReport info) {
        out.println("Dump of file " + info.file());
        out.println();
        out.println("File Type: " + info.format() + " (" + info.machine() + ")");
        out.println();
        list(out, "Image has the following dependencies:", info.imports());
        list(out, "Image has the following delay load dependencies:", info.delayImports());
        OffloadJson gpu = info.offload();
        if (gpu.bundles().isEmpty()) {
            out.println("  GPU code: none (no clang offload bundle)");
            out.println();
            return;
        }
        out.println("  GPU code: " + gpu.bundles().size() + " offload bundle" + (gpu.bundles().size() == 1 ? "" : "s")
                + " (found by " + gpu.foundBy() + ")");
        out.println("    targets: " + (gpu.targets().isEmpty() ? "none read" : String.join(", ", gpu.targets())));
        if (!gpu.partialTargets().isEmpty()) {
            out.println("    only in some bundles: " + String.join(", ", gpu.partialTargets()));
        }
        for (BundleJson b : gpu.bundles()) {
            if (!b.idsRead()) {
                out.println("    bundle at 0x" + Long.toHexString(b.fileOffset()).toUpperCase(Locale.ROOT)
                        + ": compressed (" + b.compression() + "): targets not read");
            }
        }
        out.println();
    }

    /** One file as {@code --json} prints it: the imports of {@link PeInfo} and its GPU code. */
    record PeReport(String file, String format, String machine, List<String> imports, List<String> delayImports,
                    OffloadJson offload) {
        static PeReport of(PeInfo info, OffloadBundles code) {
            List<BundleJson> bundles = code.bundles().stream()
                    .map(b -> new BundleJson(b.fileOffset(), b.compression(), b.idsRead(), b.ids(), b.gpuTargets())).toList();
            return new PeReport(info.file(), info.format(), info.machine(), info.imports(), info.delayImports(),
                    new OffloadJson(code.foundBy(), code.targets(), code.partialTargets(), bundles));
        }
    }

    /** The GPU code of a file: targets every read bundle holds, those only some hold, and each bundle. */
    record OffloadJson(String foundBy, List<String> targets, List<String> partialTargets, List<BundleJson> bundles) { }

    record BundleJson(long fileOffset, String compression, boolean idsRead, List<String> ids, List<String> targets) { }

    private static void list(PrintWriter out, String heading, List<String> names) {
        if (names.isEmpty()) {
            return;
        }
        out.println("  " + heading);
        out.println();
        names.forEach(n -> out.println("    " + n));
        out.println();
    }
}
