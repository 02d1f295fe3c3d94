package dev.hippack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The committed icon renders: right sizes, the module's copies in step with icons/, a usable .ico. */
class ApplicationIconTest {

    private static final Path ICONS = Path.of("icons");
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @ParameterizedTest
    @ValueSource(ints = {16, 32, 48, 256})
    void moduleResourcePngHasItsNominalSizeAndMatchesIconsFolder(int size) throws IOException {
        String name = "hip-packager-" + size + ".png";
        byte[] resource;
        try (InputStream in = ApplicationIconTest.class.getResourceAsStream("/dev/hippack/icons/" + name)) {
            assertThat(in).as("resource dev/hippack/icons/%s", name).isNotNull();
            resource = in.readAllBytes();
        }
        assertThat(pngSize(resource)).containsExactly(size, size);
        assertThat(resource).as("icons/%s and its resource copy differ: run icons/render.sh", name)
                .isEqualTo(Files.readAllBytes(ICONS.resolve(name)));
    }

    @Test
    void windowsIcoHoldsFourSizesWithThe256OneStoredAsPng() throws IOException {
        byte[] ico = Files.readAllBytes(ICONS.resolve("hip-packager.ico"));
        ByteBuffer b = ByteBuffer.wrap(ico).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.getShort(0)).as("reserved").isZero();
        assertThat(b.getShort(2)).as("type 1 = icon").isEqualTo((short) 1);
        int count = b.getShort(4);
        List<Integer> sizes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int entry = 6 + 16 * i;
            int width = Byte.toUnsignedInt(ico[entry]);
            int height = Byte.toUnsignedInt(ico[entry + 1]);
            int length = b.getInt(entry + 8);
            int offset = b.getInt(entry + 12);
            assertThat(width).as("square entry %d", i).isEqualTo(height);
            assertThat((long) offset + length).as("entry %d inside the file", i).isLessThanOrEqualTo(ico.length);
            int size = width == 0 ? 256 : width;
            if (size == 256) {
                byte[] head = new byte[8];
                System.arraycopy(ico, offset, head, 0, 8);
                assertThat(head).as("256 px entry is PNG").isEqualTo(PNG_SIGNATURE);
            }
            sizes.add(size);
        }
        assertThat(sizes).containsExactlyInAnyOrder(16, 32, 48, 256);
    }

    @Test
    void svgSourcesAreCommitted() {
        assertThat(ICONS.resolve("hip-packager.svg")).isRegularFile();
        assertThat(ICONS.resolve("hip-packager-small.svg")).isRegularFile();
        assertThat(ICONS.resolve("render.sh")).isExecutable();
    }

    private static int[] pngSize(byte[] png) {
        byte[] signature = new byte[8];
        System.arraycopy(png, 0, signature, 0, 8);
        assertThat(signature).as("PNG signature").isEqualTo(PNG_SIGNATURE);
        ByteBuffer b = ByteBuffer.wrap(png);
        return new int[] {b.getInt(16), b.getInt(20)};
    }
}
