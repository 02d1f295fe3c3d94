import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javafx.css.Stylesheet;

/**
 * Writes the binary form (.bss) of every stylesheet (.css) in a folder beside it. JavaFX loads
 * x.bss instead of x.css when both exist, which spares the first window the parsing of our
 * stylesheets (JavaFX's own modena stylesheet ships in binary form for the same reason). Run by
 * the build (process-classes) on the compiled resources, so the binary form is never stale.
 *
 * Usage: java -cp JAVAFX_CLASSPATH tools/CssToBinary.java FOLDER
 */
public final class CssToBinary {

    private CssToBinary() { }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: CssToBinary FOLDER");
            System.exit(2);
        }
        List<Path> sheets;
        try (Stream<Path> files = Files.list(Path.of(args[0]))) {
            sheets = files.filter(p -> p.getFileName().toString().endsWith(".css")).sorted().toList();
        }
        if (sheets.isEmpty()) {
            System.err.println("CssToBinary: no .css file in " + args[0]);
            System.exit(1);
        }
        for (Path css : sheets) {
            String name = css.getFileName().toString();
            File bss = css.resolveSibling(name.substring(0, name.length() - 4) + ".bss").toFile();
            Stylesheet.convertToBinary(css.toFile(), bss);
            System.out.println("CssToBinary: " + css + " -> " + bss.getName());
        }
    }
}
