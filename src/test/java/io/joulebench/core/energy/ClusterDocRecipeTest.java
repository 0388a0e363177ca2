package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Issue 33 acceptance 4: the recipe in docs/cluster.md ("Measuring a Kubernetes deployment") is the tested one. Its
 * first YAML block's query must be {@link KubernetesRecipe#QUERY}, the query {@code PrometheusSourceIT} measures a
 * real Prometheus with, and its unit the one that query's counter is in.
 */
class ClusterDocRecipeTest {

    private static final String SECTION = "## Measuring a Kubernetes deployment";

    @Test
    void the_docs_recipe_query_is_the_one_the_integration_test_measures_with() throws Exception {
        String doc = Files.readString(Path.of("docs/cluster.md"));
        int section = doc.indexOf(SECTION);
        assertThat(section).as("docs/cluster.md has the section '%s'", SECTION).isNotNegative();
        int open = doc.indexOf("```yaml\n", section);
        int close = doc.indexOf("```", open + 8);
        assertThat(open).as("a yaml block in the section").isPositive();
        assertThat(doc.indexOf("\n## ", section + 1)).as("the yaml block is inside the section").isGreaterThan(open);
        JsonNode recipe = new ObjectMapper(new YAMLFactory()).readTree(doc.substring(open + 8, close));
        JsonNode measurement = recipe.path("measurement");
        assertThat(measurement.path("energy_sampler").asText()).isEqualTo(EnergySource.PROMETHEUS.wire());
        assertThat(measurement.path("prometheus").path("query").asText()).isEqualTo(KubernetesRecipe.QUERY);
        assertThat(measurement.path("prometheus").path("unit").asText()).isEqualTo(PrometheusSettings.Unit.MJ.wire());
    }
}
