package io.joulebench.core.session;

import io.joulebench.core.energy.EnergyKind;
import io.joulebench.core.energy.EnergyMethod;
import java.util.List;

/**
 * Which meter a session measured with and why, plus its idle baseline. Stamped on every window row.
 *
 * @param source          {@code nvml}, {@code rapl}, {@code dcgm}, {@code cpu-estimate} or {@code simulated}
 * @param reasons         why {@code auto} chose this source (why each earlier option was skipped); empty otherwise
 * @param baselinePowerW  the idle baseline, or null when baseline measurement is off or failed
 */
public record EnergyContext(String source, EnergyKind kind, EnergyMethod method, List<String> reasons,
                            Double baselinePowerW) {

    public EnergyContext {
        reasons = List.copyOf(reasons);
    }
}
