package io.joulebench.core.warmup;

/** The composite gate's three observables at one evaluation; each gates independently. */
public record WarmupObservables(boolean powerPlateau, boolean temperatureSettled, boolean throttleClear) {

    public boolean allHold() {
        return powerPlateau && temperatureSettled && throttleClear;
    }
}
