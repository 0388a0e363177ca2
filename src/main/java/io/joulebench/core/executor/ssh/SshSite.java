package io.joulebench.core.executor.ssh;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A run submitted over SSH: the login node and the folder on the cluster's shared file system that holds the mirror
 * of the results folder ({@code <remoteDir>/<name of the results folder>}). Kept in the run's folder as
 * {@code cluster/ssh.json}, so {@code resume} reconnects the same way.
 */
public record SshSite(SshTarget target, String remoteDir) {

    public static final String FILE_NAME = "ssh.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    public SshSite {
        if (remoteDir == null || !remoteDir.startsWith("/")) {
            throw new IllegalArgumentException("--remote-dir: '" + remoteDir + "' is not an absolute path on the"
                    + " cluster (e.g. /shared/alice/bench)");
        }
        remoteDir = remoteDir.length() > 1 && remoteDir.endsWith("/")
                ? remoteDir.substring(0, remoteDir.length() - 1) : remoteDir;
    }

    public void write(Path clusterDir) throws IOException {
        ObjectNode n = JSON.createObjectNode();
        n.put("ssh", target.toString());
        n.put("remote_dir", remoteDir);
        Files.createDirectories(clusterDir);
        Files.writeString(clusterDir.resolve(FILE_NAME), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(n)
                + "\n", StandardCharsets.UTF_8);
    }

    /** The site a run recorded; empty when it was not submitted over SSH. */
    public static Optional<SshSite> read(Path clusterDir) throws IOException {
        Path file = clusterDir.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        JsonNode n = JSON.readTree(file.toFile());
        try {
            return Optional.of(new SshSite(SshTarget.parse(n.path("ssh").asText()), n.path("remote_dir").asText()));
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }
}
