package io.joulebench.core.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A window's device-group figures as its {@code result.json} states them ({@code energy_per_group_j},
 * {@code j_per_token_per_group}), for readers of a results folder: they are read, never re-derived from devices.csv.
 */
public final class GroupFigures {

    /** One group's energy and J/token in one window; either is null where the window has no figure. */
    public record GroupFigure(String group, Double energyJ, Double jPerToken) {
    }

    private GroupFigures() {
    }

    /** The groups of the window whose bundle is {@code bundle}, in name order; empty without groups or result.json. */
    public static List<GroupFigure> read(Path bundle) throws IOException {
        Path file = bundle.resolve("result.json");
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        JsonNode result = ResultsJson.MAPPER.readTree(file.toFile());
        JsonNode energy = result.path("energy_per_group_j");
        JsonNode perToken = result.path("j_per_token_per_group");
        List<GroupFigure> out = new ArrayList<>();
        energy.fieldNames().forEachRemaining(name -> out.add(new GroupFigure(name, number(energy.path(name)),
                number(perToken.path(name)))));
        return out;
    }

    private static Double number(JsonNode n) {
        return n.isNumber() ? n.asDouble() : null;
    }
}
