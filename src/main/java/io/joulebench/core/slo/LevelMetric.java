package io.joulebench.core.slo;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The per-level figures an SLO may bound and a Pareto front may use: the latency percentiles of windows.csv (lower
 * is better) and goodput and SLO attainment (higher is better). A level's figure is the mean over its windows
 * ({@link io.joulebench.core.results.LevelFigures#ofColumn}, as By rate and the live table show it); the SLO is
 * checked against its worst window. Each names its windows.csv column, which is also its key in {@code --slo}.
 */
public enum LevelMetric {
    TTFT_P50("ttft_p50_ms"), TTFT_P90("ttft_p90_ms"), TTFT_P99("ttft_p99_ms"),
    TPOT_P50("tpot_p50_ms"), TPOT_P90("tpot_p90_ms"), TPOT_P99("tpot_p99_ms"),
    ITL_P50("itl_p50_ms"), ITL_P90("itl_p90_ms"), ITL_P99("itl_p99_ms"),
    E2E_P50("e2e_p50_ms"), E2E_P90("e2e_p90_ms"), E2E_P99("e2e_p99_ms"),
    GOODPUT("goodput_tokens_s"),
    SLO_ATTAINMENT("slo_attainment");

    private final String column;

    LevelMetric(String column) {
        this.column = column;
    }

    /** The windows.csv column (and the {@code --slo} key). */
    public String column() {
        return column;
    }

    /** Latencies are bounded from above; goodput and attainment from below. */
    public boolean lowerIsBetter() {
        return column.endsWith("_ms");
    }

    public boolean isLatency() {
        return lowerIsBetter();
    }

    /** {@code ttft_p99} for {@code ttft_p99_ms}: the name {@code --latency} takes. */
    public String shortName() {
        return column.endsWith("_ms") ? column.substring(0, column.length() - 3) : column;
    }

    public String unit() {
        return lowerIsBetter() ? "ms" : this == GOODPUT ? "tokens/s" : "fraction";
    }

    /** The worse of two figures of this metric (the higher latency, the lower goodput). */
    public double worse(double a, double b) {
        return lowerIsBetter() ? Math.max(a, b) : Math.min(a, b);
    }

    public static List<LevelMetric> latencies() {
        return Arrays.stream(values()).filter(LevelMetric::isLatency).toList();
    }

    /** By column or short name ({@code ttft_p99_ms} or {@code ttft_p99}), case-insensitive. */
    public static Optional<LevelMetric> byName(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(m -> m.column.equals(n) || m.shortName().equals(n)).findFirst();
    }

    /** The keys a user may write, for error messages. */
    public static String keys() {
        return String.join(", ", Arrays.stream(values()).map(LevelMetric::column).toList());
    }
}
