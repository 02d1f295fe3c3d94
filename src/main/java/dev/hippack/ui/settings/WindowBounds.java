package dev.hippack.ui.settings;

/** Where the main window was, in screen coordinates. */
public record WindowBounds(double x, double y, double width, double height, boolean maximized) {

    public static final WindowBounds DEFAULT = new WindowBounds(Double.NaN, Double.NaN, 1180, 780, false);

    /** Sizes smaller than a usable window (or NaN) are replaced by the default size. */
    public WindowBounds sane() {
        double w = Double.isFinite(width) && width >= 640 ? Math.min(width, 10000) : DEFAULT.width;
        double h = Double.isFinite(height) && height >= 480 ? Math.min(height, 10000) : DEFAULT.height;
        return new WindowBounds(x, y, w, h, maximized);
    }
}
