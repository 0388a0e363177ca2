package io.joulebench.core.server;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * The one place an attached server's URL is made fit to record: scheme, host, port and path only. User info
 * ({@code user:pass@}), the query and the fragment can carry credentials and never reach a log line or a results file.
 */
public final class EndpointUrl {

    private EndpointUrl() {
    }

    /** {@code url} without user info, query and fragment, and without a trailing slash. */
    public static String redacted(URI url) {
        try {
            String path = url.getRawPath() == null ? "" : url.getRawPath();
            URI clean = new URI(url.getScheme(), null, url.getHost(), url.getPort(), null, null, null);
            return clean + stripSlash(path);
        } catch (URISyntaxException e) {
            return "(unprintable URL)";
        }
    }

    /** {@code url} without a trailing slash, as the launched servers' {@link ServerHandle#baseUrl()} are. */
    public static URI base(URI url) {
        return URI.create(stripSlash(url.toString()));
    }

    private static String stripSlash(String s) {
        return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }
}
