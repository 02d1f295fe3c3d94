package dev.hippack.cli;

import dev.hippack.core.audit.pe.PeFormatException;
import dev.hippack.core.audit.pe.PeInfo;
import dev.hippack.core.audit.pe.PeReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hip-packager pe FILE... [--json]}: the DLLs each file imports, like {@code dumpbin /DEPENDENTS}. */
@Command(name = "pe",
        description = {"Lists the DLLs each PE file imports and delay-loads (like dumpbin /DEPENDENTS)."},
        footer = {"", "Exit codes: 0 every file was read; 2 a file is missing or not a readable PE file."})
public final class PeCommand extends BaseCommand {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Executables or DLLs.")
    List<Path> files;

    @Option(names = "--json", description = "Print a JSON array, one object per file.")
    boolean json;

    @Override
    protected int run() {
        PrintWriter out = out();
        PrintWriter err = err();
        PeReader reader = new PeReader();
        List<PeInfo> infos = new ArrayList<>();
        boolean failed = false;
        for (Path file : files) {
            try {
                PeInfo info = reader.read(file);
                infos.add(info);
                if (!json) {
                    print(out, info);
                }
            } catch (PeFormatException e) {
                err.println("hip-packager: " + e.getMessage());
                failed = true;
            }
        }
        if (json) {
            printJson(infos);
        }
        out.flush();
        err.flush();
        return failed ? Cli.BAD_INPUT : Cli.OK;
    }

    private static void print(PrintWriter out, PeInfo info) {
        out.println("Dump of file " + info.file());
        out.println();
        out.println("File Type: " + info.format() + " (" + info.machine() + ")");
        out.println();
        list(out, "Image has the following dependencies:", info.imports());
        list(out, "Image has the following delay load dependencies:", info.delayImports());
    }

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
