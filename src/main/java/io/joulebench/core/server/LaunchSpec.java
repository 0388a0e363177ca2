package io.joulebench.core.server;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What to launch. Null image/entrypoint/serveArgs/command mean "the preset's default". {@code port} 0 means a free
 * loopback port. {@code toString()} masks secrets (HF_TOKEN and the like), so a spec may be logged.
 *
 * @param engine          the preset supplying defaults
 * @param image           container image (Docker launcher)
 * @param entrypoint      container entrypoint override (Docker launcher)
 * @param serveArgs       container argument template (Docker launcher)
 * @param command         command template (process launcher)
 * @param model           substituted for {@code {model}}
 * @param gpus            GPU device requests (Docker) or CUDA_VISIBLE_DEVICES (process)
 * @param shmSizeBytes    container /dev/shm size; 0 for Docker's default
 * @param env             extra environment; secret values are passed through but never logged
 * @param modelCacheDir   host directory mounted at {@code modelCacheMount} (e.g. the Hugging Face cache); may be null
 * @param modelCacheMount mount point inside the container; HF_HOME is set to it
 * @param extraServeArgs  appended after the serve arguments / command, placeholders filled the same way
 * @param studyId         label joulebench.study_id (may be null)
 * @param sessionId       label joulebench.session_id (may be null)
 * @param logDir          where a copy of the server's whole log is saved when it stops or is found dead, secrets
 *                        masked, as {@code <sessionId>.log} (the container name or {@code server-<port>} without a
 *                        session id); null: no copy (a process server still logs to its state folder)
 * @param port            fixed port, or 0 to pick a free one
 * @param healthPath      the readiness health path; null for the preset's
 * @param openAiPath      the measured OpenAI path (also the readiness probe's); null for the preset's
 */
public record LaunchSpec(EnginePreset engine, String image, List<String> entrypoint, List<String> serveArgs,
                         List<String> command, String model, GpuRequest gpus, long shmSizeBytes,
                         Map<String, String> env, Path modelCacheDir, String modelCacheMount,
                         List<String> extraServeArgs, String studyId, String sessionId, Path logDir, int port,
                         String healthPath, String openAiPath) {

    public static final String DEFAULT_CACHE_MOUNT = "/root/.cache/huggingface";

    public LaunchSpec {
        Objects.requireNonNull(engine, "engine");
        entrypoint = entrypoint == null ? null : List.copyOf(entrypoint);
        serveArgs = serveArgs == null ? null : List.copyOf(serveArgs);
        command = command == null ? null : List.copyOf(command);
        model = model != null ? model : engine.defaults().model();
        gpus = gpus == null ? GpuRequest.NONE : gpus;
        env = Map.copyOf(env == null ? Map.of() : env);
        modelCacheMount = modelCacheMount == null ? DEFAULT_CACHE_MOUNT : modelCacheMount;
        extraServeArgs = extraServeArgs == null ? List.of() : List.copyOf(extraServeArgs);
        if (shmSizeBytes < 0 || port < 0 || port > 65535) {
            throw new IllegalArgumentException("shm size and port must be >= 0 (port <= 65535)");
        }
        for (String path : new String[] {healthPath, openAiPath}) {
            if (path != null && !path.startsWith("/")) {
                throw new IllegalArgumentException("server paths must start with '/': " + path);
            }
        }
    }

    public static Builder builder(EnginePreset engine) {
        return new Builder(engine);
    }

    public Builder toBuilder() {
        Builder b = new Builder(engine);
        b.image = image;
        b.entrypoint = entrypoint;
        b.serveArgs = serveArgs;
        b.command = command;
        b.model = model;
        b.gpus = gpus;
        b.shmSizeBytes = shmSizeBytes;
        b.env.putAll(env);
        b.modelCacheDir = modelCacheDir;
        b.modelCacheMount = modelCacheMount;
        b.extraServeArgs.addAll(extraServeArgs);
        b.studyId = studyId;
        b.sessionId = sessionId;
        b.logDir = logDir;
        b.port = port;
        b.healthPath = healthPath;
        b.openAiPath = openAiPath;
        return b;
    }

    public String resolvedImage() {
        return image != null ? image : engine.defaults().image();
    }

    public List<String> resolvedEntrypoint() {
        return entrypoint != null ? entrypoint : engine.defaults().containerEntrypoint();
    }

    /** The health path readiness polls: the spec's, else the preset's. */
    public String resolvedHealthPath() {
        return healthPath != null ? healthPath : engine.defaults().healthPath();
    }

    /** The OpenAI path measured (and probed): the spec's, else the preset's. */
    public String resolvedOpenAiPath() {
        return openAiPath != null ? openAiPath : engine.defaults().openAiPath();
    }

    /** Container arguments with placeholders filled and extra serve args appended. */
    public List<String> renderServeArgs(int boundPort) {
        return render(serveArgs != null ? serveArgs : engine.defaults().containerArgs(), boundPort);
    }

    /** The container entrypoint with placeholders filled; null to keep the image's. */
    public List<String> renderEntrypoint(int boundPort) {
        List<String> template = resolvedEntrypoint();
        return template == null ? null : fill(template, boundPort, new ArrayList<>());
    }

    /** Process command line with placeholders filled and extra serve args appended. */
    public List<String> renderCommand(int boundPort) {
        return render(command != null ? command : engine.defaults().processCommand(), boundPort);
    }

    /** Template, then extra serve args, each token with {port}, {model}, {gpus} filled; tokens that end up empty drop. */
    private List<String> render(List<String> template, int boundPort) {
        return fill(extraServeArgs, boundPort, fill(template, boundPort, new ArrayList<>()));
    }

    private List<String> fill(List<String> template, int boundPort, List<String> out) {
        for (String token : template) {
            String value = token.replace("{port}", Integer.toString(boundPort))
                    .replace("{model}", model == null ? "" : model)
                    .replace("{gpus}", gpus.render());
            if (!value.isEmpty()) {
                out.add(value);
            }
        }
        return out;
    }

    /**
     * The secret values this spec hands to the server (secret-named env values such as HF_TOKEN, the argument of a
     * secret-looking flag): what {@link #mask} removes from the server's log before it is kept or quoted.
     */
    public java.util.Collection<String> secretValues() {
        List<List<String>> args = new ArrayList<>();
        args.add(serveArgs != null ? serveArgs : engine.defaults().containerArgs());
        args.add(command != null ? command : engine.defaults().processCommand());
        args.add(extraServeArgs);
        return Secrets.values(env, args);
    }

    /** {@code text} (a server's log) with this spec's {@link #secretValues()} masked. */
    public String mask(String text) {
        return Secrets.scrub(text, secretValues());
    }

    /** The stem of the saved log's file name: the session id, else {@code fallback}. */
    public String logName(String fallback) {
        return sessionId != null && !sessionId.isBlank() ? sessionId : fallback;
    }

    @Override
    public String toString() {
        return "LaunchSpec[engine=" + engine.id() + ", image=" + resolvedImage() + ", model=" + model
                + ", serveArgs=" + Secrets.maskArgs(serveArgs != null ? serveArgs : engine.defaults().containerArgs())
                + ", command=" + Secrets.maskArgs(command != null ? command : engine.defaults().processCommand())
                + ", extraServeArgs=" + Secrets.maskArgs(extraServeArgs) + ", gpus=" + gpus.render()
                + ", shmSizeBytes=" + shmSizeBytes + ", env=" + Secrets.maskEnv(env) + ", modelCacheDir=" + modelCacheDir
                + ", studyId=" + studyId + ", sessionId=" + sessionId + ", logDir=" + logDir + ", port=" + port
                + ", healthPath=" + resolvedHealthPath() + ", openAiPath=" + resolvedOpenAiPath() + "]";
    }

    /** Fluent construction; every field has a sensible default. */
    public static final class Builder {
        private final EnginePreset engine;
        private String image;
        private List<String> entrypoint;
        private List<String> serveArgs;
        private List<String> command;
        private String model;
        private GpuRequest gpus = GpuRequest.NONE;
        private long shmSizeBytes;
        private final Map<String, String> env = new LinkedHashMap<>();
        private Path modelCacheDir;
        private String modelCacheMount;
        private final List<String> extraServeArgs = new ArrayList<>();
        private String studyId;
        private String sessionId;
        private Path logDir;
        private int port;
        private String healthPath;
        private String openAiPath;

        private Builder(EnginePreset engine) {
            this.engine = Objects.requireNonNull(engine, "engine");
        }

        public Builder image(String v) { image = v; return this; }
        public Builder entrypoint(List<String> v) { entrypoint = v; return this; }
        public Builder serveArgs(List<String> v) { serveArgs = v; return this; }
        public Builder command(List<String> v) { command = v; return this; }
        public Builder model(String v) { model = v; return this; }
        public Builder gpus(GpuRequest v) { gpus = v; return this; }
        public Builder shmSizeBytes(long v) { shmSizeBytes = v; return this; }
        public Builder env(String key, String value) { env.put(key, value); return this; }
        public Builder env(Map<String, String> v) { env.putAll(v); return this; }
        public Builder modelCacheDir(Path v) { modelCacheDir = v; return this; }
        public Builder modelCacheMount(String v) { modelCacheMount = v; return this; }
        public Builder extraServeArgs(List<String> v) { extraServeArgs.addAll(v); return this; }
        public Builder studyId(String v) { studyId = v; return this; }
        public Builder sessionId(String v) { sessionId = v; return this; }
        public Builder logDir(Path v) { logDir = v; return this; }
        public Builder port(int v) { port = v; return this; }
        public Builder healthPath(String v) { healthPath = v; return this; }
        public Builder openAiPath(String v) { openAiPath = v; return this; }

        /** Passes the caller's HF_TOKEN (if set) through to the server; it is never logged or written. */
        public Builder hfTokenFromEnvironment() {
            String token = System.getenv("HF_TOKEN");
            if (token != null && !token.isBlank()) {
                env.put("HF_TOKEN", token);
            }
            return this;
        }

        public LaunchSpec build() {
            return new LaunchSpec(engine, image, entrypoint, serveArgs, command, model, gpus, shmSizeBytes, env,
                    modelCacheDir, modelCacheMount, extraServeArgs, studyId, sessionId, logDir, port, healthPath,
                    openAiPath);
        }
    }
}
