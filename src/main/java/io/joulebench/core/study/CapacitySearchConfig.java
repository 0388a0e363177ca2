package io.joulebench.core.study;

import io.joulebench.core.capacity.CapacitySearch;
import io.joulebench.core.slo.Slo;
import java.util.List;

/**
 * {@code server.capacity_search} (a Joulebench extension): find the highest rate meeting {@code slo} between
 * {@code minRate} and {@code maxRate} to {@code tolerance} with probes of {@code probeSeconds} each, then measure
 * full levels at the capacity times each of {@code measureFractions}. The cell has no {@code traffic.rate}: the
 * search chooses its rates.
 */
public record CapacitySearchConfig(Slo slo, Double maxErrorFraction, double minRate, double maxRate, double tolerance,
                                   double probeSeconds, List<Double> measureFractions) {

    public CapacitySearchConfig {
        measureFractions = List.copyOf(measureFractions);
    }

    /** The search this config asks for (the bisection and its probe count are owned there). */
    public CapacitySearch search() {
        return new CapacitySearch(minRate, maxRate, tolerance, slo, maxErrorFraction);
    }
}
