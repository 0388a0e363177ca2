package io.joulebench.cli;

import io.joulebench.core.traffic.ArrivalProcess;
import java.util.function.DoublePredicate;

/** Checks option values taken as text, so each bad value is one line naming its option (exit 2). */
final class BenchOptions {

    private BenchOptions() {
    }

    /** {@code text}, or a one-line error that {@code option} is required when it was not given. */
    static String required(String option, String text) {
        if (text == null) {
            throw new UserInputException(option + " is required");
        }
        return text;
    }

    static double positiveNumber(String option, String text) {
        return finiteNumber(option, text, v -> v > 0, "> 0");
    }

    static double nonNegativeNumber(String option, String text) {
        return finiteNumber(option, text, v -> v >= 0, "≥ 0");
    }

    private static double finiteNumber(String option, String text, DoublePredicate allowed, String range) {
        try {
            double value = Double.parseDouble(text.strip());
            if (allowed.test(value) && Double.isFinite(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UserInputException(option + " must be a finite number " + range + " (got '" + text + "')");
    }

    /** The arrival process {@code text} names; the error lists the accepted labels. */
    static ArrivalProcess arrival(String option, String text) {
        try {
            return ArrivalProcess.parse(text);
        } catch (IllegalArgumentException e) {
            throw new UserInputException(option + " must be one of " + ArrivalProcess.labels() + " (got '" + text + "')");
        }
    }

    static int wholeNumber(String option, String text, int min, int max) {
        try {
            long value = Long.parseLong(text.strip());
            if (value >= min && value <= max) {
                return (int) value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UserInputException(option + " must be a whole number from " + min + " to " + max
                + " (got '" + text + "')");
    }

    static long anyLong(String option, String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new UserInputException(option + " must be a whole number (got '" + text + "')");
        }
    }
}
