package dev.hippack.core.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineSplitterTest {

    private static List<String> split(String text, int max) throws IOException {
        List<String> lines = new ArrayList<>();
        new LineSplitter(max).split(new StringReader(text), lines::add);
        return lines;
    }

    @Test
    void crLfLfAndLoneCrAllEndALine() throws IOException {
        assertThat(split("a\r\nb\nc\rd", 100)).containsExactly("a", "b", "c", "d");
        assertThat(split("a\n\nb\r\n\r\n", 100)).containsExactly("a", "", "b", "");
    }

    @Test
    void aLineWithoutEndIsCutIntoBoundedPieces() throws IOException {
        assertThat(split("x".repeat(25), 10)).containsExactly("x".repeat(10), "x".repeat(10), "x".repeat(5));
    }
}
