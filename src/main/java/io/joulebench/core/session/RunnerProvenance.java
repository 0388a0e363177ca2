package io.joulebench.core.session;

/**
 * How a session's server ran (upstream's {@code RunnerProvenance}): the runner, the image a container ran and that
 * image's registry digest. Written to result.json ({@code runner_provenance}) and system.json ({@code runner}).
 *
 * @param mode        {@code in-process}, {@code process} or {@code container}
 * @param image       the image a container ran; null otherwise
 * @param imageDigest {@code repo@sha256:…} as Docker reports it; null when not a container or the image has none
 */
public record RunnerProvenance(String mode, String image, String imageDigest) {
}
