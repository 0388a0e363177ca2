package io.joulebench.core.energy;

import java.util.Map;

/**
 * A meter that also knows the exact energy, as the reference engine does, so a bracket can record {@code truthJ}
 * next to the measured figure. Only simulated sources implement it.
 */
public interface GroundTruthMeter extends EnergyMeter {

    /**
     * The exact cumulative energy in joules per device index, as of the most recent {@link #read()} made by the
     * calling thread (other threads' reads in between do not change it).
     */
    Map<Integer, Double> truthAtLastReadJ();
}
