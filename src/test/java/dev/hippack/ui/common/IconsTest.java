package dev.hippack.ui.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.ui.common.Icons.Glyph;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The glyphs name their icons themselves (the pack's name and the code point) and are drawn from
 * our cut of the pack's font, so these tests hold them to the pack and to the font: a wrong code
 * point would show another icon, a glyph missing from the font an empty box.
 */
@ExtendWith(ApplicationExtension.class)
class IconsTest {

    @Start
    void start(Stage stage) {
        // The toolkit runs; the icons below need no window.
    }

    @Test
    void everyGlyphIsTheNamedIconOfTheMaterialDesignPack() {
        for (Glyph glyph : Glyph.values()) {
            Optional<Ikon> inPack = packIcon(glyph.packName());
            assertThat(inPack).as("%s: %s in the Material Design pack", glyph, glyph.packName()).isPresent();
            assertThat(glyph.getCode()).as("%s: the code point of %s", glyph, glyph.packName())
                    .isEqualTo(inPack.get().getCode());
        }
    }

    @Test
    void theIconFontHasEveryGlyphAndNameAndIsSmall() throws IOException {
        byte[] font;
        try (InputStream in = IconFont.class.getResourceAsStream(IconFont.RESOURCE)) {
            assertThat(in).as(IconFont.RESOURCE).isNotNull();
            font = in.readAllBytes();
        }
        Set<Integer> mapped = codePoints(ByteBuffer.wrap(font));
        for (Glyph glyph : Glyph.values()) {
            assertThat(mapped).as("%s (U+%X) in %s; rerun tools/icon-font.sh", glyph, glyph.getCode(), IconFont.RESOURCE)
                    .contains(glyph.getCode());
        }
        // Only ours: the point of the cut is not to read the pack's 7,000 glyphs at every start.
        assertThat(mapped).hasSizeLessThanOrEqualTo(Glyph.values().length);
        assertThat(font.length).isLessThan(64 * 1024);
    }

    @Test
    void anIconIsTheGlyphsCharacterInTheWizardsFont() {
        FontIcon icon = Icons.of(Glyph.STOP, "wz-error");
        assertThat(icon.getText()).isEqualTo(new String(Character.toChars(Glyph.STOP.getCode())));
        assertThat(icon.getStyle()).contains("-fx-font-family: '" + IconFont.FAMILY + "'");
        assertThat(icon.getStyleClass()).containsExactly("ikonli-font-icon", "wz-icon", "wz-error");
        // JavaFX knows the family once ikonli has read the font.
        assertThat(javafx.scene.text.Font.getFamilies()).contains(IconFont.FAMILY);
    }

    @Test
    void theHandlerResolvesEveryGlyphByItsNameAndNothingElse() {
        IconFont handler = new IconFont();
        for (Glyph glyph : Glyph.values()) {
            assertThat(handler.supports(glyph.getDescription())).isTrue();
            assertThat(handler.resolve(glyph.getDescription())).isSameAs(glyph);
        }
        assertThat(handler.supports(Glyph.STOP.packName())).isFalse();
        assertThat(handler.supports(null)).isFalse();
        assertThatThrownBy(() -> handler.resolve("hpi-no-such-icon")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hpi-no-such-icon").hasMessageContaining(IconFont.FAMILY);
    }

    /** The pack's constant named {@code packName}: its letter's enum ("mdi2c-..." is MaterialDesignC). */
    private static Optional<Ikon> packIcon(String packName) {
        if (!packName.matches("mdi2[a-z]-.+")) {
            return Optional.empty();
        }
        String letter = packName.substring(4, 5).toUpperCase(Locale.ROOT);
        try {
            Class<?> pack = Class.forName("org.kordamp.ikonli.materialdesign2.MaterialDesign" + letter);
            return Arrays.stream(pack.getEnumConstants()).map(Ikon.class::cast)
                    .filter(i -> i.getDescription().equals(packName)).findFirst();
        } catch (ClassNotFoundException e) {
            return Optional.empty();
        }
    }

    /**
     * The code points a TrueType font maps to glyphs, from its {@code cmap} table's format 12
     * subtables (the one that reaches past U+FFFF, where the pack's icons are) and format 4 ones.
     */
    private static Set<Integer> codePoints(ByteBuffer ttf) {
        Set<Integer> out = new HashSet<>();
        int tables = Short.toUnsignedInt(ttf.getShort(4));
        for (int t = 0; t < tables; t++) {
            int record = 12 + 16 * t;
            if (ttf.getInt(record) != 0x636D6170) { // 'cmap'
                continue;
            }
            int cmap = ttf.getInt(record + 8);
            int subtables = Short.toUnsignedInt(ttf.getShort(cmap + 2));
            for (int s = 0; s < subtables; s++) {
                int sub = cmap + ttf.getInt(cmap + 4 + 8 * s + 4);
                int format = Short.toUnsignedInt(ttf.getShort(sub));
                if (format == 12) {
                    int groups = ttf.getInt(sub + 12);
                    for (int g = 0; g < groups; g++) {
                        int at = sub + 16 + 12 * g;
                        for (int c = ttf.getInt(at); c <= ttf.getInt(at + 4); c++) {
                            out.add(c);
                        }
                    }
                } else if (format == 4) {
                    int segments = Short.toUnsignedInt(ttf.getShort(sub + 6)) / 2;
                    for (int g = 0; g < segments; g++) {
                        int end = Short.toUnsignedInt(ttf.getShort(sub + 14 + 2 * g));
                        int start = Short.toUnsignedInt(ttf.getShort(sub + 16 + 2 * segments + 2 * g));
                        for (int c = start; c <= end && c != 0xFFFF; c++) {
                            out.add(c);
                        }
                    }
                }
            }
        }
        return out;
    }
}
