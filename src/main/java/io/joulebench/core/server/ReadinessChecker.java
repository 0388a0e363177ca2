package io.joulebench.core.server;

import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Waits for a server under one deadline over two phases: GET the health path until 200, then POST the probe until
 * 200. Every poll checks liveness first, so a dead server fails at once instead of at the deadline. Any HTTP status
 * counts as an answer (503 while loading is normal); transport errors mean "not up yet".
 */
public final class ReadinessChecker {

    /** How much log a readiness or launch error carries. */
    public static final int LOG_TAIL_CHARS = 2000;
    private static final Logger LOG = LoggerFactory.getLogger(ReadinessChecker.class);
    private static final int BODY_SNIPPET_CHARS = 300;

    /** Builds the error for a server found dead during readiness (and does the launcher's cleanup). */
    @FunctionalInterface
    public interface DeathReport {
        ServerLaunchException diedDuringStartup(ServerHandle handle);
    }

    private final Clock clock;
    private final HttpClient http;

    public ReadinessChecker() {
        this(Clock.system());
    }

    public ReadinessChecker(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    public void await(ServerHandle handle, ReadinessProbe probe, Duration timeout, DeathReport onDeath)
            throws ServerException, InterruptedException {
        long start = clock.nanoTime();
        long deadline = start + timeout.toNanos();
        boolean healthy = false;
        int lastStatus = -1;
        String lastAnswer = "no HTTP answer";
        String lastError = null;
        while (true) {
            if (!handle.isAlive()) {
                throw onDeath.diedDuringStartup(handle);
            }
            long remaining = deadline - clock.nanoTime();
            // within the deadline where possible, but never so short that a live server cannot answer
            long floor = Math.min(probe.requestTimeout().toNanos(), probe.pollInterval().toNanos());
            Duration perRequest = Duration.ofNanos(Math.max(floor, Math.min(probe.requestTimeout().toNanos(), remaining)));
            URI uri = URI.create(EndpointUrl.base(handle.baseUrl()) + (healthy ? probe.probePath() : probe.healthPath()));
            HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(perRequest);
            handle.requestHeaders().forEach(request::header);
            if (healthy) {
                request.header("Content-Type", "application/json").POST(probe.probeBody() == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(probe.probeBody()));
            } else {
                request.GET();
            }
            try {
                HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
                lastStatus = response.statusCode();
                lastAnswer = "HTTP " + lastStatus + " from " + uri.getPath() + snippet(response.body());
                lastError = null;
                if (lastStatus == 200) {
                    if (healthy) {
                        LOG.info("server {} ready after {} ms", handle.describe(),
                                (clock.nanoTime() - start) / 1_000_000);
                        return;
                    }
                    healthy = true;
                    continue;
                }
            } catch (IOException e) {
                lastError = "no answer from " + uri.getPath() + " (" + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")";
            }
            long now = clock.nanoTime();
            if (now >= deadline) {
                if (!handle.isAlive()) {
                    throw onDeath.diedDuringStartup(handle);
                }
                throw new ServerReadinessException("server " + handle.describe() + " not ready after "
                        + timeout.toSeconds() + " s (" + (healthy ? "probe" : "health") + " phase); last answer: "
                        + lastAnswer + (lastError == null ? "" : "; then " + lastError), lastStatus, handle.logTail(LOG_TAIL_CHARS));
            }
            clock.sleepUntil(Math.min(deadline, now + probe.pollInterval().toNanos()));
        }
    }

    private static String snippet(String body) {
        if (body == null || body.isBlank()) {
            return "";
        }
        String oneLine = body.strip().replaceAll("\\s+", " ");
        return ": " + (oneLine.length() > BODY_SNIPPET_CHARS ? oneLine.substring(0, BODY_SNIPPET_CHARS) + "…" : oneLine);
    }
}
