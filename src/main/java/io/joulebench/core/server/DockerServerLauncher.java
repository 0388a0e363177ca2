package io.joulebench.core.server;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.command.PullImageResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.exception.NotModifiedException;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.DeviceRequest;
import com.github.dockerjava.api.model.Frame;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Volume;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the engine as a Docker container on the host network, bound to 127.0.0.1 on a free port. No auto-remove (crash
 * logs survive until we have read them); every container carries our labels so {@link Reaper} can find orphans.
 */
public final class DockerServerLauncher implements ServerLauncher {

    private static final Logger LOG = LoggerFactory.getLogger(DockerServerLauncher.class);

    private final DockerClient docker;
    private final String dockerHost;
    private final ProcessIdentity parent;
    private final String host;

    /** @param dockerHost the daemon {@code docker} talks to ({@link HostEnvironment#dockerHost()}); null: the default */
    public DockerServerLauncher(DockerClient docker, String dockerHost) {
        this(docker, dockerHost, ProcessIdentity.current());
    }

    /** @param parent the process recorded as {@code joulebench.parent_pid} (tests use a dead one to make orphans) */
    public DockerServerLauncher(DockerClient docker, String dockerHost, ProcessIdentity parent) {
        this.docker = docker;
        this.dockerHost = dockerHost;
        this.parent = parent;
        this.host = ServerLabels.localHost();
    }

    @Override
    public ServerHandle launch(LaunchSpec spec) throws ServerLaunchException {
        String image = spec.resolvedImage();
        if (image == null) {
            throw new ServerLaunchException("engine '" + spec.engine().id() + "' has no default image; set one", "");
        }
        ensureImage(image);
        int port = spec.port() > 0 ? spec.port() : FreePort.pick();
        String name = String.format("joulebench-%s-%012x", spec.engine().id(),
                ThreadLocalRandom.current().nextLong() & 0xFFFF_FFFF_FFFFL);
        List<String> args = spec.renderServeArgs(port);
        Map<String, String> env = new LinkedHashMap<>(spec.env());
        HostConfig hostConfig = HostConfig.newHostConfig().withNetworkMode("host").withAutoRemove(false);
        if (spec.shmSizeBytes() > 0) {
            hostConfig.withShmSize(spec.shmSizeBytes());
        }
        if (!spec.gpus().isNone()) {
            hostConfig.withDeviceRequests(List.of(gpuRequest(spec.gpus())));
        }
        if (spec.modelCacheDir() != null) {
            hostConfig.withBinds(new Bind(spec.modelCacheDir().toAbsolutePath().toString(),
                    new Volume(spec.modelCacheMount())));
            env.putIfAbsent("HF_HOME", spec.modelCacheMount());
        }
        CreateContainerCmd create = docker.createContainerCmd(image).withName(name).withHostConfig(hostConfig)
                .withCmd(args).withLabels(labels(spec))
                .withEnv(env.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
        List<String> entrypoint = spec.renderEntrypoint(port);
        if (entrypoint != null) {
            create.withEntrypoint(entrypoint);
        }
        LOG.info("starting container {} image={} args={} env={} gpus={}", name, image, Secrets.maskArgs(args),
                Secrets.maskEnv(env), spec.gpus().render());
        String id = null;
        try {
            id = create.exec().getId();
            docker.startContainerCmd(id).exec();
        } catch (RuntimeException e) {
            String tail = id == null ? "" : spec.mask(logs(id, ReadinessChecker.LOG_TAIL_CHARS));
            forceRemove(id != null ? id : name);
            throw new ServerLaunchException("could not start container " + name + " from image " + image + ": "
                    + e.getMessage(), tail, e);
        }
        return new DockerHandle(id, name, port, spec, repoDigest(image));
    }

    /** The image's first registry digest, or null (a local build has none; a failed inspect is not a launch error). */
    private String repoDigest(String image) {
        if (Thread.currentThread().isInterrupted()) {
            return null; // a cancel during the launch: the launch's own steps handle it, the digest is not worth a call
        }
        try {
            List<String> digests = docker.inspectImageCmd(image).exec().getRepoDigests();
            return digests == null || digests.isEmpty() ? null : digests.get(0);
        } catch (RuntimeException e) {
            for (Throwable c = e; c != null; c = c.getCause()) {
                if (c instanceof InterruptedException || c instanceof java.io.InterruptedIOException) {
                    Thread.currentThread().interrupt(); // the cancel must still reach the launch
                    break;
                }
            }
            LOG.debug("cannot read the digest of image {}: {}", image, e.toString());
            return null;
        }
    }

    @Override
    public ServerLaunchException diedDuringStartup(ServerHandle handle) {
        DockerHandle h = (DockerHandle) handle;
        String tail = h.logTail(ReadinessChecker.LOG_TAIL_CHARS);
        String state = describeState(h.id);
        saveLogs(h);
        forceRemove(h.id);
        h.closed.set(true);
        return new ServerLaunchException("container " + h.describe() + " exited during startup (" + state
                + "); it has been removed", tail);
    }

    @Override
    public void shutdown(ServerHandle handle, Duration grace) {
        // an interrupted caller (SIGINT) still tears down: the HTTP client refuses every call while the flag is set,
        // which left the container running
        Teardown.once(handle, DockerHandle.class, h -> h.closed, h -> {
            try {
                docker.stopContainerCmd(h.id).withTimeout((int) Math.max(1, (grace.toMillis() + 999) / 1000)).exec();
            } catch (NotModifiedException | NotFoundException e) {
                LOG.debug("container {} already stopped or gone", h.name);
            } catch (RuntimeException e) {
                LOG.warn("stopping container {} failed: {}; forcing removal", h.name, e.getMessage());
            }
            saveLogs(h);
            forceRemove(h.id);
            LOG.info("container {} stopped and removed", h.name);
        });
    }

    private void ensureImage(String image) throws ServerLaunchException {
        try {
            docker.inspectImageCmd(image).exec();
            return;
        } catch (NotFoundException e) {
            LOG.info("image {} not present locally; pulling", image);
        } catch (RuntimeException e) {
            throw new ServerLaunchException("Docker daemon not reachable (" + DockerClients.describeHost(dockerHost) + "): "
                    + e.getMessage(), "", e);
        }
        try {
            docker.pullImageCmd(image).exec(new PullImageResultCallback()).awaitCompletion(30, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServerLaunchException("interrupted while pulling image " + image, "", e);
        } catch (RuntimeException e) {
            throw new ServerLaunchException("image " + image + " is not present and could not be pulled ("
                    + e.getMessage() + "). For joulebench/llama-server:local run"
                    + " packaging/engines/llama-cpp/build-image.sh", "", e);
        }
    }

    private Map<String, String> labels(LaunchSpec spec) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(ServerLabels.PARENT_PID, Long.toString(parent.pid()));
        labels.put(ServerLabels.PARENT_START, Long.toString(parent.startMillis()));
        labels.put(ServerLabels.HOST, host);
        labels.put(ServerLabels.ENGINE, spec.engine().id());
        labels.put(ServerLabels.STUDY_ID, spec.studyId() == null ? "" : spec.studyId());
        labels.put(ServerLabels.SESSION_ID, spec.sessionId() == null ? "" : spec.sessionId());
        return labels;
    }

    private static DeviceRequest gpuRequest(GpuRequest gpus) {
        DeviceRequest request = new DeviceRequest().withDriver("nvidia").withCapabilities(List.of(List.of("gpu")));
        return gpus.all() ? request.withCount(-1)
                : request.withDeviceIds(gpus.indices().stream().map(String::valueOf).toList());
    }

    private String describeState(String id) {
        try {
            InspectContainerResponse.ContainerState s = docker.inspectContainerCmd(id).exec().getState();
            return "status " + s.getStatus() + ", exit code " + s.getExitCodeLong()
                    + (Boolean.TRUE.equals(s.getOOMKilled()) ? ", OOM-killed" : "");
        } catch (RuntimeException e) {
            return "state unknown: " + e.getMessage();
        }
    }

    private void forceRemove(String idOrName) {
        try {
            docker.removeContainerCmd(idOrName).withForce(true).withRemoveVolumes(true).exec();
        } catch (NotFoundException e) {
            LOG.debug("container {} already removed", idOrName);
        } catch (RuntimeException e) {
            LOG.error("could not remove container {}: {} (run 'joulebench reap')", idOrName, e.getMessage());
        }
    }

    /** The last {@code chars} characters of the container's stdout+stderr. */
    String logs(String id, int chars) {
        StringBuilder out = new StringBuilder();
        readLogs(id, 400, out::append);
        return out.length() <= chars ? out.toString() : out.substring(out.length() - chars);
    }

    private void readLogs(String id, Integer tailLines, Consumer<String> sink) {
        try {
            docker.inspectContainerCmd(id).exec(); // a gone container would make docker-java log an ERROR
        } catch (RuntimeException e) {
            return;
        }
        var cmd = docker.logContainerCmd(id).withStdOut(true).withStdErr(true);
        if (tailLines != null) {
            cmd.withTail(tailLines);
        }
        try {
            cmd.exec(new ResultCallback.Adapter<Frame>() {
                @Override
                public void onNext(Frame frame) {
                    sink.accept(new String(frame.getPayload(), StandardCharsets.UTF_8));
                }
            }).awaitCompletion(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.debug("no logs for container {}: {}", id, e.getMessage());
        }
    }

    /** Keeps the container's whole log (masked) in the spec's log folder, before the container is removed. */
    private void saveLogs(DockerHandle h) {
        if (h.spec.logDir() == null) {
            return;
        }
        List<String> chunks = new ArrayList<>();
        readLogs(h.id, null, chunks::add);
        ServerLogs.save(h.spec, h.name, String.join("", chunks));
    }

    private final class DockerHandle implements ServerHandle {
        private final String id;
        private final String name;
        private final int port;
        private final LaunchSpec spec;
        private final AtomicBoolean closed = new AtomicBoolean();
        private final String digest;

        DockerHandle(String id, String name, int port, LaunchSpec spec, String digest) {
            this.id = id;
            this.name = name;
            this.port = port;
            this.spec = spec;
            this.digest = digest;
        }

        @Override
        public java.util.Optional<String> imageDigest() {
            return java.util.Optional.ofNullable(digest);
        }

        @Override
        public int port() {
            return port;
        }

        @Override
        public String describe() {
            return name + " (" + id.substring(0, Math.min(12, id.length())) + ")";
        }

        @Override
        public String logTail(int chars) {
            return spec.mask(logs(id, chars));
        }

        @Override
        public boolean isAlive() {
            try {
                return Boolean.TRUE.equals(docker.inspectContainerCmd(id).exec().getState().getRunning());
            } catch (NotFoundException e) {
                return false;
            } catch (RuntimeException e) {
                LOG.warn("cannot inspect container {}: {}", name, e.getMessage());
                return true;
            }
        }

        /** The container's exit code once it stopped (137 when killed), from the daemon. */
        @Override
        public java.util.OptionalInt exitCode() {
            try {
                InspectContainerResponse.ContainerState state = docker.inspectContainerCmd(id).exec().getState();
                Long code = state.getExitCodeLong();
                return Boolean.TRUE.equals(state.getRunning()) || code == null ? java.util.OptionalInt.empty()
                        : java.util.OptionalInt.of(code.intValue());
            } catch (RuntimeException e) {
                return java.util.OptionalInt.empty();
            }
        }

        /** The container's init process, when the daemon runs on this machine (a unix socket). */
        @Override
        public java.util.OptionalLong hostPid() {
            if (dockerHost != null && !dockerHost.isBlank() && !dockerHost.startsWith("unix://")) {
                return java.util.OptionalLong.empty();
            }
            try {
                Long pid = docker.inspectContainerCmd(id).exec().getState().getPidLong();
                return pid == null || pid <= 0 ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(pid);
            } catch (RuntimeException e) {
                LOG.warn("cannot read the pid of container {}: {}", name, e.getMessage());
                return java.util.OptionalLong.empty();
            }
        }

        @Override
        public String toString() {
            return describe();
        }
    }
}
