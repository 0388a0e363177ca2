package io.joulebench.app.prefs;

/** The main window's last position and size, in screen coordinates. */
public record WindowBounds(double x, double y, double width, double height) {

    public static final double MIN_WIDTH = 900;
    public static final double MIN_HEIGHT = 600;
    public static final WindowBounds DEFAULT = new WindowBounds(Double.NaN, Double.NaN, 1360, 860);

    /** Whether x and y are set (a default size has no position; the window is centred). */
    public boolean hasPosition() {
        return Double.isFinite(x) && Double.isFinite(y);
    }

    /**
     * Bounds that fit on a screen of the given visible area: at least the minimum size, at most the screen, and
     * moved back on screen when the saved position is off it (a monitor was unplugged).
     */
    public WindowBounds fitInto(double screenX, double screenY, double screenWidth, double screenHeight) {
        double w = clamp(width, Math.min(MIN_WIDTH, screenWidth), screenWidth);
        double h = clamp(height, Math.min(MIN_HEIGHT, screenHeight), screenHeight);
        if (!hasPosition()) {
            return new WindowBounds(Double.NaN, Double.NaN, w, h);
        }
        double nx = clamp(x, screenX, screenX + screenWidth - w);
        double ny = clamp(y, screenY, screenY + screenHeight - h);
        return new WindowBounds(nx, ny, w, h);
    }

    private static double clamp(double v, double lo, double hi) {
        if (!Double.isFinite(v)) {
            return hi;
        }
        return Math.max(lo, Math.min(hi, v));
    }
}
