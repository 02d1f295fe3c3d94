package dev.hippack.ui.common;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.ui.common.Icons.Glyph;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kordamp.ikonli.Ikon;
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
            assertThat(glyph.code()).as("%s: the code point of %s", glyph, glyph.packName())
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
            assertThat(mapped).as("%s (U+%X) in %s; rerun tools/icon-font.sh", glyph, glyph.code(), IconFont.RESOURCE)
                    .contains(glyph.code());
        }
        // Only ours: the point of the cut is not to read the pack's 7,000 glyphs at every start.
        assertThat(mapped).hasSizeLessThanOrEqualTo(Glyph.values().length);
        assertThat(font.length).isLessThan(64 * 1024);
    }

    @Test
    void anIconIsTheGlyphsCharacterInTheWizardsFontAtTheSizeAndColourTheStyleSheetGives() {
        Text icon = Icons.of(Glyph.STOP, "wz-ok");
        assertThat(icon.getText()).isEqualTo(new String(Character.toChars(Glyph.STOP.code())));
        assertThat(icon.getStyleClass()).containsExactly(Css.ICON, "wz-ok");
        assertThat(Font.getFamilies()).as("JavaFX has read the icon font").contains(IconFont.FAMILY);
        assertThat(icon.getStyle()).as("styled by the sheet alone, never inline").isEmpty();

        // In a step cell the sheet gives 18 px; beside other words the icon takes their size.
        Label step = new Label("Track", Icons.of(Glyph.TRACK));
        step.getStyleClass().addAll(Css.STEP_CELL, Css.STEP_CURRENT);
        VBox steps = new VBox(step);
        steps.getStyleClass().add(Css.STEP_LIST);
        Label words = new Label("Rescan", icon);
        VBox root = new VBox(steps, words);
        root.getStyleClass().add(Css.ROOT);
        Scene scene = new Scene(root);
        scene.getStylesheets().addAll(getClass().getResource(Css.TOKENS_LIGHT).toExternalForm(),
                getClass().getResource(Css.APP).toExternalForm());
        root.applyCss();

        Text stepIcon = (Text) step.getGraphic();
        assertThat(stepIcon.getFont().getFamily()).isEqualTo(IconFont.FAMILY);
        assertThat(stepIcon.getFont().getSize()).isEqualTo(18);
        assertThat(icon.getFont().getFamily()).isEqualTo(IconFont.FAMILY);
        assertThat(icon.getFont().getSize()).as("the label's own size, from .wz-root").isEqualTo(13);
        // The colours are the tokens': the current step's accent, and the ok colour of "wz-ok".
        assertThat(stepIcon.getFill()).isNotEqualTo(icon.getFill());
        assertThat(icon.getFill()).isNotEqualTo(javafx.scene.paint.Color.BLACK);
        // ikonli's FontIcon answered the sheet's size with an inline style of its own, styling itself twice.
        assertThat(stepIcon.getStyle()).isEmpty();
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
