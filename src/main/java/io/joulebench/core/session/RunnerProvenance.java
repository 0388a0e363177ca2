package io.joulebench.core.session;

/**
 * How a session's server ran (upstream's {@code RunnerProvenance}): the runner, the image a container ran and that
 * image's registry digest; for the endpoint runner, the URL attached to and that it was not launched. Written to
 * result.json ({@code runner_provenance}) and system.json ({@code runner}).
 *
 * @param mode        {@code in-process}, {@code process}, {@code container} or {@code endpoint}
 * @param image       the image a container ran; null otherwise
 * @param imageDigest {@code repo@sha256:…} as Docker reports it; null when not a container or the image has none
 * @param url         the attached server's URL without credentials ({@code EndpointUrl.redacted}); null when launched
 * @param launch      {@value #ATTACHED} for an attached server; null when Joulebench launched it
 */
public record RunnerProvenance(String mode, String image, String imageDigest, String url, String launch) {

    public static final String ATTACHED = "attached, not launched";

    public RunnerProvenance(String mode, String image, String imageDigest) {
        this(mode, image, imageDigest, null, null);
    }

    /** The provenance of a server attached to at {@code redactedUrl}. */
    public static RunnerProvenance attached(String mode, String redactedUrl) {
        return new RunnerProvenance(mode, null, null, redactedUrl, ATTACHED);
    }
}
