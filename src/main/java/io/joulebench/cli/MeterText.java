package io.joulebench.cli;

import io.joulebench.core.energy.BracketResult;
import io.joulebench.core.energy.DeviceInfo;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** The human-readable form of {@code joulebench meter}'s result. */
final class MeterText {

    private MeterText() {
    }

    static void print(PrintWriter out, BracketResult r, List<String> reasons, List<String> warnings) {
        out.println(f("source       %s (%s, %s)", r.source(), r.kind().label(), r.method().label()));
        out.println(f("duration     %.3f s, %d samples", r.durationSeconds(), r.samples().size()));
        for (int i = 0; i < r.devices().size(); i++) {
            DeviceInfo d = r.devices().get(i);
            Double e = r.deviceEnergyJ().get(i);
            out.println(f("device %-5d %s%s  %s  %s", d.index(), d.name(), d.uuid() == null ? "" : " " + d.uuid(),
                    joules(e), watts(e == null || r.durationSeconds() <= 0 ? null : e / r.durationSeconds())));
        }
        out.println(f("total        %s  %s", joules(r.energyJ()), watts(r.meanPowerW())));
        if (r.integratedJ() != null) {
            out.println(f("cross-check  polled-power integral %s%s", joules(r.integratedJ()),
                    r.crossCheckRelDiff() == null ? "" : f(" (%+.3f %% vs counter)", 100 * r.crossCheckRelDiff())));
        }
        if (r.truthJ() != null) {
            out.println(f("truth        %s (simulated ground truth)", joules(r.truthJ())));
        }
        reasons.forEach(reason -> out.println("choice       " + reason));
        warnings.forEach(w -> out.println("warning      " + w));
    }

    private static String joules(Double j) {
        return j == null ? "n/a J" : f("%.3f J", j);
    }

    private static String watts(Double w) {
        return w == null ? "n/a W" : f("%.2f W", w);
    }

    private static String f(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }
}
