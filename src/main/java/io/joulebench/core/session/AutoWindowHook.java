package io.joulebench.core.session;

import io.joulebench.core.precision.LevelDesign;
import io.joulebench.core.precision.PrecisionPlan;
import io.joulebench.core.precision.WindowChooser;
import io.joulebench.core.study.AutoWindowConfig;
import io.joulebench.core.study.TrafficConfig;
import io.joulebench.core.warmup.WarmupResult;
import io.joulebench.core.window.WarmupHook;
import io.joulebench.core.window.WindowSpec;
import java.util.function.Supplier;

/**
 * A level's warmup hook that, for a {@code window_seconds: auto} level, hands the window manager the length chosen
 * from the warmup ({@link WarmupResult#windowChoice()}); other levels keep their spec.
 */
final class AutoWindowHook implements WarmupHook {

    private final WarmupHook warmup;
    private final Supplier<WarmupResult> result;

    AutoWindowHook(WarmupHook warmup, Supplier<WarmupResult> result) {
        this.warmup = warmup;
        this.result = result;
    }

    @Override
    public void beforeLevel(int levelIndex, WindowSpec spec) throws InterruptedException {
        warmup.beforeLevel(levelIndex, spec);
    }

    @Override
    public WindowSpec windowSpec(int levelIndex, WindowSpec spec) {
        WarmupResult r = result.get();
        return r == null || r.windowChoice() == null ? spec : spec.withDurationSeconds(r.windowChoice().seconds());
    }

    /** {@code r} with the level's window length chosen from it when the level is auto; else {@code r} itself. */
    static WarmupResult choose(WarmupResult r, TrafficConfig traffic, WindowSpec spec) {
        AutoWindowConfig auto = traffic.levelAutoWindow();
        if (auto == null) {
            return r;
        }
        LevelDesign design = new LevelDesign(spec.rate(), PrecisionPlan.arrivalCv(traffic), spec.durationSeconds(),
                spec.windowsPerLevel(), spec.cvThreshold());
        return r.withWindowChoice(WindowChooser.choose(design, auto, r.traffic()));
    }
}
