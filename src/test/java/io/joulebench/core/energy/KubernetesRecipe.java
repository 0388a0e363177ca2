package io.joulebench.core.energy;

/**
 * The query of docs/cluster.md's "Measuring a Kubernetes deployment" recipe: the pods of the vLLM deployment in
 * namespace {@code llm}. {@code PrometheusSourceIT} measures with it, and {@code ClusterDocRecipeTest} checks that
 * the doc still shows this very query, so the recipe is the tested one.
 */
public final class KubernetesRecipe {

    public static final String QUERY = "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{namespace=\"llm\",pod=~\"vllm-.*\"}";

    private KubernetesRecipe() {
    }
}
