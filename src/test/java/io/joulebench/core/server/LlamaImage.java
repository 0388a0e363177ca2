package io.joulebench.core.server;

import static org.junit.jupiter.api.Assertions.fail;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import org.junit.jupiter.api.Assumptions;

/**
 * The Docker ITs' common start: the local llama.cpp image (`packaging/engines/llama-cpp/build-image.sh`) on the daemon
 * of {@code DOCKER_HOST}. A test class is skipped only when no daemon answers; a missing image fails it (CI builds it).
 */
public final class LlamaImage {

    public static final String NAME = System.getProperty("joulebench.llama.image", "joulebench/llama-server:local");

    private LlamaImage() {
    }

    /** A client of the daemon that holds {@link #NAME}; the caller closes it. */
    public static DockerClient requireDaemonWithImage() {
        HostEnvironment host = HostEnvironment.system();
        DockerClient docker = host.docker();
        Assumptions.assumeTrue(DockerClients.isReachable(docker), "no Docker daemon reachable ("
                + host.describeDockerHost() + ")");
        try {
            docker.inspectImageCmd(NAME).exec();
        } catch (NotFoundException e) {
            fail("image " + NAME + " is missing: run packaging/engines/llama-cpp/build-image.sh");
        }
        return docker;
    }
}
