package io.joulebench.core.session;

import io.joulebench.core.energy.DeviceInfo;
import io.joulebench.core.energy.EnergyKind;
import io.joulebench.core.energy.EnergyMeter;
import io.joulebench.core.energy.EnergyMethod;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which meter a session measured with and why, plus its idle baseline. Stamped on every window row.
 *
 * @param source          {@code nvml}, {@code rapl}, {@code dcgm}, {@code cpu-estimate} or {@code simulated}
 * @param reasons         why {@code auto} chose this source (why each earlier option was skipped); empty otherwise
 * @param baselinePowerW  the idle baseline, or null when baseline measurement is off or failed
 * @param devices         the devices the session meter reads (after the study's GPU selection); empty when unknown
 * @param settings        the meter's settings and assumptions ({@link EnergyMeter#settings()}); empty when unknown
 * @param hostReasons     why the host meter beside it was chosen ({@code measurement.host_energy}); empty without one
 */
public record EnergyContext(String source, EnergyKind kind, EnergyMethod method, List<String> reasons,
                            Double baselinePowerW, List<DeviceInfo> devices, Map<String, Object> settings,
                            List<String> hostReasons) {

    public EnergyContext {
        reasons = List.copyOf(reasons);
        devices = devices == null ? List.of() : List.copyOf(devices);
        settings = settings == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        hostReasons = hostReasons == null ? List.of() : List.copyOf(hostReasons);
    }

    /** Without a host meter. */
    public EnergyContext(String source, EnergyKind kind, EnergyMethod method, List<String> reasons,
                         Double baselinePowerW, List<DeviceInfo> devices, Map<String, Object> settings) {
        this(source, kind, method, reasons, baselinePowerW, devices, settings, List.of());
    }

    /** Without devices or settings (fakes, older callers). */
    public EnergyContext(String source, EnergyKind kind, EnergyMethod method, List<String> reasons,
                         Double baselinePowerW) {
        this(source, kind, method, reasons, baselinePowerW, List.of(), Map.of());
    }

    /** The context of a session meter: its labels, devices and settings, the selection reasons and the baseline. */
    public static EnergyContext of(EnergyMeter meter, List<String> reasons, Double baselinePowerW) {
        return new EnergyContext(meter.source(), meter.kind(), meter.method(), reasons, baselinePowerW,
                meter.devices(), meter.settings());
    }

    /** This context with the host meter's selection reasons. */
    public EnergyContext withHostReasons(List<String> reasons) {
        return new EnergyContext(source, kind, method, this.reasons, baselinePowerW, devices, settings, reasons);
    }
}
