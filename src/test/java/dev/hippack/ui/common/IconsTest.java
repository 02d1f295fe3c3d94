package dev.hippack.ui.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.ui.common.Icons.Glyph;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.IkonHandler;
import org.kordamp.ikonli.IkonProvider;
import org.kordamp.ikonli.IkonResolverProvider;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.javafx.JavaFXFontLoader;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The glyphs name their icons themselves (the pack's name and the code point) and are drawn by
 * ikonli from our cut of the pack's font, our own font pack, so these tests hold them to the pack
 * and to the font (a wrong code point would show another icon, a glyph missing from the font an
 * empty box), and hold the pack to ikonli: found through module-info's service, drawn as
 * {@code FontIcon}s whose size is set in code and whose colour the sheet gives, in one CSS pass.
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
    void ikonliFindsOurFontPackThroughTheModulesServiceAndReadsItsFont() {
        Icons.preload();
        for (Glyph glyph : Glyph.values()) {
            IkonHandler handler = IkonResolverProvider.getInstance(JavaFXFontLoader.getInstance()).resolve(glyph.getDescription());
            assertThat(handler).as("%s: the handler ikonli finds for %s", glyph, glyph.getDescription()).isInstanceOf(IconFont.class);
            assertThat(handler.resolve(glyph.getDescription())).isSameAs(glyph);
        }
        IkonHandler ours = IkonResolverProvider.getInstance(JavaFXFontLoader.getInstance()).resolve(Glyph.STOP.getDescription());
        assertThat(ours.getFont()).as("ikonli has read %s", IconFont.RESOURCE).isInstanceOf(Font.class);
        assertThat(((Font) ours.getFont()).getFamily()).isEqualTo(IconFont.FAMILY);
        assertThat(Font.getFamilies()).as("JavaFX has read the icon font").contains(IconFont.FAMILY);
        // The Material Design pack is on the test module path too: our descriptions are ours alone.
        assertThat(Arrays.stream(Glyph.values()).map(Glyph::getDescription)).allMatch(d -> d.startsWith(IconFont.PREFIX));
        assertThatThrownBy(() -> Glyph.findByDescription("hpi-no-such-icon")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theFontPacksProviderNamesTheGlyphEnum() {
        // As every pack: module-info provides it to ikonli's IkonProvider service (only ikonli's tools ask for it).
        assertThat(IconFont.class.getModule().getDescriptor().provides())
                .anySatisfy(p -> {
                    assertThat(p.service()).isEqualTo(IkonProvider.class.getName());
                    assertThat(p.providers()).containsExactly(IconFontProvider.class.getName());
                });
        assertThat(new IconFontProvider().getIkon()).isEqualTo(Glyph.class);
    }

    @Test
    void anIconIsAnIkonliFontIconSizedInCodeAndColouredByTheSheetInOneCssPass() {
        FontIcon icon = Icons.of(Glyph.STOP, "wz-ok");
        assertThat(icon.getIconCode()).isSameAs(Glyph.STOP);
        assertThat(icon.getText()).isEqualTo(new String(Character.toChars(Glyph.STOP.code())));
        assertThat(icon.getStyleClass()).contains(Css.ICON, "wz-ok");
        assertThat(icon.getIconSize()).as("beside words: the body text's size").isEqualTo(Icons.TEXT_SIZE);

        Label step = new Label("Track", Icons.of(Glyph.TRACK, Icons.STEP_LIST_SIZE));
        step.getStyleClass().addAll(Css.STEP_CELL, Css.STEP_CURRENT);
        VBox steps = new VBox(step);
        steps.getStyleClass().add(Css.STEP_LIST);
        Label words = new Label("Rescan", icon);
        Label plain = new Label("Theme", Icons.of(Glyph.THEME));
        VBox root = new VBox(steps, words, plain);
        root.getStyleClass().add(Css.ROOT);
        Scene scene = new Scene(root);
        scene.getStylesheets().addAll(getClass().getResource(Css.TOKENS_LIGHT).toExternalForm(),
                getClass().getResource(Css.APP).toExternalForm());
        FontIcon stepIcon = (FontIcon) step.getGraphic();
        FontIcon plainIcon = (FontIcon) plain.getGraphic();
        // What ikonli set on each icon before the scene's CSS pass: the pack's family and the size in code.
        String stepStyle = stepIcon.getStyle();
        String wordsStyle = icon.getStyle();
        root.applyCss();

        // A FontIcon answers a size or font the sheet gives it by restyling itself inline, which
        // costs the first frame a second CSS pass (docs/design.md §10.4): the sheet gives none.
        assertThat(stepIcon.getStyle()).as("the step icon's inline style after the CSS pass").isEqualTo(stepStyle);
        assertThat(icon.getStyle()).as("the icon's inline style after the CSS pass").isEqualTo(wordsStyle);
        assertThat(stepIcon.getFont().getFamily()).isEqualTo(IconFont.FAMILY);
        assertThat(stepIcon.getFont().getSize()).isEqualTo(Icons.STEP_LIST_SIZE);
        assertThat(icon.getFont().getFamily()).isEqualTo(IconFont.FAMILY);
        assertThat(icon.getFont().getSize()).as("the label's own size, from .wz-root")
                .isEqualTo(words.getFont().getSize()).isEqualTo(Icons.TEXT_SIZE);

        // The colours are the tokens': the current step's accent, the ok colour of "wz-ok", the text's.
        Color accent = (Color) stepIcon.getFill();
        Color ok = (Color) icon.getFill();
        Color text = (Color) plainIcon.getFill();
        assertThat(Set.of(accent, ok, text)).as("three tokens, three colours").hasSize(3).doesNotContain(Color.BLACK);
        assertThat(text).as("a plain icon takes the text token's colour").isEqualTo(token(Css.TOKENS_LIGHT, "-wz-text"));
        assertThat(icon.getIconColor()).isEqualTo(ok);
        assertThat(stepIcon.getIconColor()).isEqualTo(accent);
    }

    /** A colour token's value as tokens.css declares it ({@code -wz-text: #1f2328;}). */
    private static Color token(String sheet, String name) {
        try (InputStream in = IconsTest.class.getResourceAsStream(sheet)) {
            Matcher m = Pattern.compile("(?m)^\\s*" + Pattern.quote(name) + ":\\s*(#[0-9a-fA-F]{6});").matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            assertThat(m.find()).as("%s in %s", name, sheet).isTrue();
            return Color.web(m.group(1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
