package dev.hippack.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.geometry.Dimension2D;
import javafx.geometry.Rectangle2D;
import org.junit.jupiter.api.Test;

/** The window's minimum size never exceeds the screen it opens on. */
class WindowMinimumSizeTest {

    @Test
    void aScaledLaptopScreenGetsAMinimumThatFitsItsWorkArea() {
        // 1366x768 at 125 %: 1092.8x614.4 logical pixels, less a 48-pixel taskbar (38.4 at 125 %).
        Rectangle2D area = new Rectangle2D(0, 0, 1366 / 1.25, (768 - 48) / 1.25);

        Dimension2D min = HipPackagerApp.minimumSize(area);

        assertThat(min.getWidth()).isLessThanOrEqualTo(area.getWidth());
        assertThat(min.getHeight()).isLessThanOrEqualTo(area.getHeight()).isEqualTo(576);
    }

    @Test
    void aLargeScreenKeepsTheSizeTheStepsAreLaidOutFor() {
        Dimension2D min = HipPackagerApp.minimumSize(new Rectangle2D(0, 0, 1920, 1040));

        assertThat(min).isEqualTo(new Dimension2D(HipPackagerApp.MIN_WIDTH, HipPackagerApp.MIN_HEIGHT));
    }
}
