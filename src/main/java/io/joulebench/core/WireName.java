package io.joulebench.core;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A choice spelled one way in study files, on the command line and in results: by default the constant's name in
 * lower case with {@code -} for {@code _} ({@code CPU_ESTIMATE} is {@code cpu-estimate}); an enum whose files say
 * otherwise overrides {@link #wire}. Parsing a spelling and listing every spelling are here, so no enum repeats them.
 */
public interface WireName {

    /** The constant's name (every enum has it). */
    String name();

    /** The spelling in files and on the command line. */
    default String wire() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The constant of {@code type} spelled exactly {@code wire}, if there is one. */
    static <E extends Enum<E> & WireName> Optional<E> parse(Class<E> type, String wire) {
        return Arrays.stream(type.getEnumConstants()).filter(e -> e.wire().equals(wire)).findFirst();
    }

    /** Every spelling of {@code type}, in declaration order. */
    static <E extends Enum<E> & WireName> List<String> wires(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(WireName::wire).toList();
    }
}
