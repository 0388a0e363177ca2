package io.joulebench.core.server;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.core.DefaultDockerClientConfig;
import com.github.dockerjava.core.DockerClientConfig;
import com.github.dockerjava.core.DockerClientImpl;
import com.github.dockerjava.httpclient5.ApacheDockerHttpClient;
import java.time.Duration;

/** Docker clients over the httpclient5 transport; DOCKER_HOST (and DOCKER_TLS_VERIFY, DOCKER_CERT_PATH) honoured. */
public final class DockerClients {

    private DockerClients() {
    }

    public static DockerClient fromEnvironment() {
        return forHost(null);
    }

    /** A client for {@code dockerHost} ({@code unix://…}, {@code tcp://…}); null for docker-java's default. */
    public static DockerClient forHost(String dockerHost) {
        DefaultDockerClientConfig.Builder builder = DefaultDockerClientConfig.createDefaultConfigBuilder();
        if (dockerHost != null) {
            builder.withDockerHost(dockerHost);
        }
        DockerClientConfig config = builder.build();
        ApacheDockerHttpClient http = new ApacheDockerHttpClient.Builder()
                .dockerHost(config.getDockerHost())
                .sslConfig(config.getSSLConfig())
                .maxConnections(16)
                .connectionTimeout(Duration.ofSeconds(5))
                .responseTimeout(Duration.ofMinutes(5))
                .build();
        return DockerClientImpl.getInstance(config, http);
    }

    /** The default daemon socket docker-java (and the docker CLI) use when DOCKER_HOST is unset. */
    public static final String DEFAULT_HOST = "unix:///var/run/docker.sock";

    /**
     * Which daemon {@code dockerHost} ({@link HostEnvironment#dockerHost()}) means, for messages: {@code DOCKER_HOST=tcp://…}, or
     * {@code DOCKER_HOST unset (default unix:///var/run/docker.sock)}.
     */
    public static String describeHost(String dockerHost) {
        return dockerHost == null || dockerHost.isBlank() ? "DOCKER_HOST unset (default " + DEFAULT_HOST + ")"
                : "DOCKER_HOST=" + dockerHost;
    }

    /** True when the daemon answers a ping. */
    public static boolean isReachable(DockerClient client) {
        try {
            client.pingCmd().exec();
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }
}
