package io.joulebench.core.warmup;

/**
 * What the warmup before one level did (spec §3.5).
 *
 * @param converged        fixed: true once the duration ran; composite: the gate held
 * @param timedOut         composite only: the failsafe expired first (the level proceeds, disclosed)
 * @param elapsedSeconds   warmup wall time on the shared clock
 * @param energyJ          trapezoid over the full-cadence power samples, summed over devices; null with &lt; 2 samples
 * @param finalObservables the last completed gate evaluation (composite), or null
 * @param protocol         the human label of the protocol
 * @param warning          what the warmup did differently (extended past its end until a request finished, or
 *                         went on with none finished); null when it ran as configured
 * @param traffic          what the warmup's traffic delivered; null when no warmup traffic ran
 * @param windowChoice     the level's window length chosen from this warmup ({@code window_seconds: auto}); else null
 */
public record WarmupResult(int levelIndex, WarmupMode mode, boolean converged, boolean timedOut,
                           double elapsedSeconds, Double energyJ, WarmupObservables finalObservables,
                           String protocol, String warning, WarmupTraffic traffic, WindowChoice windowChoice) {

    public WarmupResult(int levelIndex, WarmupMode mode, boolean converged, boolean timedOut, double elapsedSeconds,
                        Double energyJ, WarmupObservables finalObservables, String protocol, String warning) {
        this(levelIndex, mode, converged, timedOut, elapsedSeconds, energyJ, finalObservables, protocol, warning,
                null, null);
    }

    public WarmupResult(int levelIndex, WarmupMode mode, boolean converged, boolean timedOut, double elapsedSeconds,
                        Double energyJ, WarmupObservables finalObservables, String protocol) {
        this(levelIndex, mode, converged, timedOut, elapsedSeconds, energyJ, finalObservables, protocol, null);
    }

    /** This result with the level's auto window length recorded. */
    public WarmupResult withWindowChoice(WindowChoice choice) {
        return new WarmupResult(levelIndex, mode, converged, timedOut, elapsedSeconds, energyJ, finalObservables,
                protocol, warning, traffic, choice);
    }
}
