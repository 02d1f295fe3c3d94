package dev.hippack.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.io.AtomicFile;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.Inflater;
import javafx.scene.image.PixelWriter;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A screenshot is a whole PNG of the image's pixels, replacing the old one in one step. */
class PngWriterTest {

    @TempDir
    Path dir;

    @Test
    void theImagesPixelsAreWrittenAsAnRgbPngInPlaceOfTheOldFile() throws Exception {
        WritableImage image = new WritableImage(3, 2);
        PixelWriter px = image.getPixelWriter();
        Color[] colors = {Color.RED, Color.LIME, Color.BLUE, Color.WHITE, Color.BLACK, Color.rgb(10, 20, 30)};
        for (int i = 0; i < colors.length; i++) {
            px.setColor(i % 3, i / 3, colors[i]);
        }
        Path file = Files.writeString(dir.resolve("1-track.png"), "the previous screenshot");

        PngWriter.write(image, file);

        byte[] png = Files.readAllBytes(file);
        assertThat(Arrays.copyOf(png, 8)).containsExactly(0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n');
        ByteBuffer b = ByteBuffer.wrap(png);
        assertThat(b.getInt(8 + 8)).as("width").isEqualTo(3);
        assertThat(b.getInt(8 + 12)).as("height").isEqualTo(2);
        int idat = 8 + 8 + 13 + 4;
        int length = b.getInt(idat);
        Inflater inflater = new Inflater();
        inflater.setInput(png, idat + 8, length);
        ByteArrayOutputStream rows = new ByteArrayOutputStream();
        byte[] buf = new byte[256];
        while (!inflater.finished()) {
            rows.write(buf, 0, inflater.inflate(buf));
        }
        byte[] r = rows.toByteArray();
        assertThat(r).hasSize(2 * (1 + 3 * 3));
        for (int i = 0; i < colors.length; i++) {
            int at = (i / 3) * 10 + 1 + (i % 3) * 3;
            assertThat(new int[] {r[at] & 0xff, r[at + 1] & 0xff, r[at + 2] & 0xff}).as("pixel %d", i).containsExactly(
                    (int) Math.round(colors[i].getRed() * 255), (int) Math.round(colors[i].getGreen() * 255),
                    (int) Math.round(colors[i].getBlue() * 255));
        }
        assertThat(AtomicFile.leftovers(file)).isEmpty();
    }
}
