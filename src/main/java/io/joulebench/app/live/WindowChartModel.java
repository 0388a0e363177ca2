package io.joulebench.app.live;

import java.util.ArrayList;
import java.util.List;

/**
 * The J/token-per-window chart's data: points whose x is the window's position across all levels, and one band
 * per level. Built by {@link #of}, which keeps only the newest {@code maxPoints} windows.
 */
public record WindowChartModel(List<Point> points, List<LevelBand> bands, int plannedWindows) {

    /** A plotted window: x is its position across levels. */
    public record Point(int x, WindowPoint window) {
    }

    public static final WindowChartModel EMPTY = new WindowChartModel(List.of(), List.of(), 0);

    public WindowChartModel {
        points = List.copyOf(points);
        bands = List.copyOf(bands);
    }

    public WindowChartModel(List<Point> points, List<LevelBand> bands) {
        this(points, bands, 0);
    }

    public static WindowChartModel of(List<WindowPoint> windows, List<LevelRow> levels, int maxPoints) {
        int skip = Math.max(0, windows.size() - maxPoints);
        List<Point> points = new ArrayList<>(windows.size() - skip);
        List<LevelBand> bands = new ArrayList<>();
        for (int i = skip; i < windows.size(); i++) {
            WindowPoint w = windows.get(i);
            points.add(new Point(i, w));
            LevelBand last = bands.isEmpty() ? null : bands.get(bands.size() - 1);
            if (last != null && last.levelIndex() == w.levelIndex()) {
                bands.set(bands.size() - 1, new LevelBand(last.levelIndex(), last.rate(), last.firstX(), i,
                        w.levelCv(), w.cvThreshold(), w.validity()));
            } else {
                bands.add(new LevelBand(w.levelIndex(), w.rate(), i, i, w.levelCv(), w.cvThreshold(), w.validity()));
            }
        }
        // A level table row is newer than the windows of a level just validated: let its verdict win.
        for (int b = 0; b < bands.size(); b++) {
            LevelBand band = bands.get(b);
            for (LevelRow row : levels) {
                if (row.levelIndex() == band.levelIndex() && row.verdict() != Validity.PENDING) {
                    bands.set(b, new LevelBand(band.levelIndex(), band.rate(), band.firstX(), band.lastX(),
                            row.cv(), row.cvThreshold(), row.verdict()));
                }
            }
        }
        int planned = levels.stream().mapToInt(LevelRow::windowsTotal).sum();
        return new WindowChartModel(points, bands, planned);
    }
}
