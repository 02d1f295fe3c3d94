package dev.hippack.ui.app;

import dev.hippack.core.io.AtomicFile;
import dev.hippack.core.io.WriteChannels;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import javafx.scene.image.Image;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.PixelReader;

/**
 * Writes a JavaFX image as an 8-bit RGB PNG. JavaFX has no image writer of its own, and this
 * saves bringing in javafx.swing and AWT just for screenshots.
 */
final class PngWriter {

    private PngWriter() { }

    static void write(Image image, Path file) throws IOException {
        int w = (int) image.getWidth();
        int h = (int) image.getHeight();
        PixelReader px = image.getPixelReader();
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        try (DeflaterOutputStream z = new DeflaterOutputStream(raw, new Deflater(9))) {
            byte[] row = new byte[1 + w * 3];
            int[] argb = new int[w];
            for (int y = 0; y < h; y++) {
                px.getPixels(0, y, w, 1, PixelFormat.getIntArgbInstance(), argb, 0, w);
                row[0] = 0;
                for (int x = 0; x < w; x++) {
                    row[1 + x * 3] = (byte) (argb[x] >> 16);
                    row[2 + x * 3] = (byte) (argb[x] >> 8);
                    row[3 + x * 3] = (byte) argb[x];
                }
                z.write(row);
            }
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        try (DataOutputStream d = new DataOutputStream(png)) {
            d.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
            ByteArrayOutputStream ihdr = new ByteArrayOutputStream();
            DataOutputStream hd = new DataOutputStream(ihdr);
            hd.writeInt(w);
            hd.writeInt(h);
            hd.writeByte(8);
            hd.writeByte(2);
            hd.writeByte(0);
            hd.writeByte(0);
            hd.writeByte(0);
            chunk(d, "IHDR", ihdr.toByteArray());
            chunk(d, "IDAT", raw.toByteArray());
            chunk(d, "IEND", new byte[0]);
        }
        AtomicFile.write(file, png.toByteArray(), true, WriteChannels.DEFAULT);
    }

    private static void chunk(DataOutputStream d, String type, byte[] data) throws IOException {
        byte[] t = type.getBytes(StandardCharsets.US_ASCII);
        d.writeInt(data.length);
        d.write(t);
        d.write(data);
        CRC32 crc = new CRC32();
        crc.update(t);
        crc.update(data);
        d.writeInt((int) crc.getValue());
    }
}
