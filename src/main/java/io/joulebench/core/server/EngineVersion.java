package io.joulebench.core.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.joulebench.core.ToolVersion;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/**
 * What an engine says it is, recorded in every window's result ({@code session.engine_version}) and shown by
 * compare's report. Asked once per server session, after readiness: the server's own answer where it has one
 * ({@code GET /version}: vLLM, SGLang and the reference engine; {@code GET /info}: TGI; {@code GET /props}: llama.cpp's
 * {@code build_info}), else what launched it (the container image, the process command's program). The in-process
 * reference engine is this build. Never throws: an engine that cannot be asked is named by how it was launched.
 */
public final class EngineVersion {

    /** One probe per path, short: a server that ignores it must not delay the session noticeably. */
    static final Duration TIMEOUT = Duration.ofSeconds(2);

    /** The paths asked, in order, and the JSON field holding the version in each answer. */
    static final List<String[]> PROBES = List.of(new String[] {"/version", "version"},
            new String[] {"/info", "version"}, new String[] {"/props", "build_info"});

    private static final ObjectMapper JSON = new ObjectMapper();

    private EngineVersion() {
    }

    /** The in-process reference engine's version: this build's. */
    public static String inProcess() {
        return "reference " + ToolVersion.get();
    }

    /**
     * The engine's version for a launched server: the first probe that answers 200 with the field, with
     * {@code (reported)}; else {@link #launched}. {@code runner} is the study's runner; the in-process one is never asked.
     */
    public static String of(LaunchSpec spec, Runner runner, URI baseUrl) throws InterruptedException {
        return of(spec, runner, baseUrl, java.util.Map.of());
    }

    /** As {@link #of(LaunchSpec, Runner, URI)}, each probe carrying {@code headers} (an attached server's key). */
    public static String of(LaunchSpec spec, Runner runner, URI baseUrl, java.util.Map<String, String> headers)
            throws InterruptedException {
        if (runner == Runner.IN_PROCESS) {
            return inProcess();
        }
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(TIMEOUT)
                .build();
        for (String[] probe : PROBES) {
            String answer = ask(http, baseUrl, probe[0], probe[1], headers);
            if (answer != null) {
                return spec.engine().id() + " " + answer;
            }
        }
        return launched(spec, runner);
    }

    /** The version field of one answer; null when the path is not served, times out or has no such field. */
    static String ask(HttpClient http, URI baseUrl, String path, String field) throws InterruptedException {
        return ask(http, baseUrl, path, field, java.util.Map.of());
    }

    private static String ask(HttpClient http, URI baseUrl, String path, String field, java.util.Map<String, String> headers)
            throws InterruptedException {
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(TIMEOUT).GET();
            headers.forEach(request::header);
            HttpResponse<String> r = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                return null;
            }
            JsonNode v = JSON.readTree(r.body()).get(field);
            return v == null || !v.isValueNode() || v.asText().isBlank() ? null : v.asText().strip();
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            return null;
        }
    }

    /** What launched the engine, when it does not say its version: the image (container), the program (process). */
    public static String launched(LaunchSpec spec, Runner runner) {
        if (runner == Runner.IN_PROCESS) {
            return inProcess();
        }
        if (runner == Runner.ENDPOINT) {
            return spec.engine().id() + " (attached, version not reported)";
        }
        if (runner == Runner.CONTAINER) {
            String image = spec.resolvedImage();
            return spec.engine().id() + " (image " + (image == null ? "unknown" : image) + ", version not reported)";
        }
        List<String> command = spec.command() != null ? spec.command() : spec.engine().defaults().processCommand();
        String program = command == null || command.isEmpty() ? "unknown" : command.getFirst();
        return spec.engine().id() + " (process " + program + ", version not reported)";
    }
}
