package io.joulebench.cli;

/** Checks option values taken as text, so each bad value is one line naming its option (exit 2). */
final class BenchOptions {

    private BenchOptions() {
    }

    static double positiveNumber(String option, String text) {
        try {
            double value = Double.parseDouble(text.strip());
            if (value > 0 && Double.isFinite(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UserInputException(option + " must be a finite number > 0 (got '" + text + "')");
    }

    static double nonNegativeNumber(String option, String text) {
        try {
            double value = Double.parseDouble(text.strip());
            if (value >= 0 && Double.isFinite(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UserInputException(option + " must be a finite number ≥ 0 (got '" + text + "')");
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
