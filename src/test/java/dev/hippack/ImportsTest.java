package dev.hippack;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Main code names types by import, not inline as {@code java.util.Locale.ROOT}: a reader sees a
 * class's dependencies in its imports. Javadoc links and comments may spell names out.
 */
class ImportsTest {

    private static final Pattern QUALIFIED = Pattern.compile(
            "\\b(java|javax|dev\\.hippack|com\\.fasterxml|org\\.apache|org\\.controlsfx|org\\.kordamp|picocli|javafx)(\\.[a-z]\\w*)+\\.[A-Z]\\w*");

    @Test
    void mainCodeImportsTheTypesItUses() throws Exception {
        List<String> inline = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String name = f.toString().replace('\\', '/');
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    String line = lines.get(i).strip();
                    boolean declarationOrComment = line.startsWith("import ") || line.startsWith("package ")
                            || line.startsWith("*") || line.startsWith("/*") || line.startsWith("//")
                            || line.startsWith("exports ") || line.startsWith("requires ") || line.startsWith("provides ")
                            || line.startsWith("uses ") || line.startsWith("open module");
                    String code = line.replaceAll("\\{@(link|code|linkplain)[^}]*}", "").replaceAll("\"([^\"\\\\]|\\\\.)*\"", "\"\"");
                    if (!declarationOrComment && QUALIFIED.matcher(code).find()) {
                        inline.add(name + ":" + (i + 1) + ": " + line);
                    }
                }
            }
        }
        assertThat(inline).isEmpty();
    }
}
