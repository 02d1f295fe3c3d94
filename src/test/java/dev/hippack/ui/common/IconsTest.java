package dev.hippack.ui.common;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.ui.common.Icons.Glyph;
import java.util.Arrays;
import java.util.Optional;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The glyphs name their icons themselves (name and code point) instead of using the pack's
 * constants, so these tests hold them to the pack: a wrong name would find no font and a wrong
 * code point would show another icon.
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
            Optional<Ikon> inPack = packIcon(glyph.getDescription());
            assertThat(inPack).as("%s: %s in the Material Design pack", glyph, glyph.getDescription()).isPresent();
            assertThat(glyph.getCode()).as("%s: the code point of %s", glyph, glyph.getDescription())
                    .isEqualTo(inPack.get().getCode());
        }
    }

    @Test
    void anIconIsTheGlyphsCharacterInThePacksFont() {
        FontIcon icon = Icons.of(Glyph.STOP, "wz-error");
        assertThat(icon.getText()).isEqualTo(new String(Character.toChars(Glyph.STOP.getCode())));
        assertThat(icon.getStyle()).contains("-fx-font-family: 'Material Design Icons'");
        assertThat(icon.getStyleClass()).containsExactly("ikonli-font-icon", "wz-icon", "wz-error");
    }

    /** The pack's constant named {@code description}: its letter's enum ("mdi2c-..." is MaterialDesignC). */
    private static Optional<Ikon> packIcon(String description) {
        if (!description.matches("mdi2[a-z]-.+")) {
            return Optional.empty();
        }
        String letter = description.substring(4, 5).toUpperCase(java.util.Locale.ROOT);
        try {
            Class<?> pack = Class.forName("org.kordamp.ikonli.materialdesign2.MaterialDesign" + letter);
            return Arrays.stream(pack.getEnumConstants()).map(Ikon.class::cast)
                    .filter(i -> i.getDescription().equals(description)).findFirst();
        } catch (ClassNotFoundException e) {
            return Optional.empty();
        }
    }
}
