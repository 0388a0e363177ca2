package io.joulebench.core.server;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Container;
import io.joulebench.core.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes servers whose joulebench parent died without stopping them: containers carrying our labels whose
 * {@code joulebench.parent_pid} (made on this host) is dead, and processes recorded in pid files whose parent is dead.
 * Nothing else is touched. Run by the CLI and the GUI at start, and by {@code joulebench reap}.
 */
public final class Reaper {

    /** What was (or, in a dry run, would be) removed. {@code kind}: container, process or pid-file. */
    public record Reaped(String kind, String id, String description) {
        @Override
        public String toString() {
            return kind + " " + id + " (" + description + ")";
        }
    }

    private static final Logger LOG = LoggerFactory.getLogger(Reaper.class);
    private static final long TERM_GRACE_MILLIS = 2000;

    private final DockerClient docker;
    private final PidFiles pidFiles;
    private final String host;

    /** @param docker null to skip containers (no daemon reachable) */
    public Reaper(DockerClient docker, PidFiles pidFiles) {
        this.docker = docker;
        this.pidFiles = pidFiles;
        this.host = ServerLabels.localHost();
    }

    /**
     * What the CLI and the GUI run once at start: reaps orphans from the host's pid-file folder and, when its Docker
     * daemon answers, our labelled containers. Logs what it removed; never throws (a start must not fail on a stale
     * leftover).
     */
    public static List<Reaped> reapAtStartup(HostEnvironment host) {
        DockerClient client = null;
        try {
            client = host.docker();
            if (!DockerClients.isReachable(client)) {
                client.close();
                client = null;
            }
            return new Reaper(client, new PidFiles(host.processStateDir())).reap(false);
        } catch (Exception e) {
            LOG.warn("reaping orphaned servers at start failed: {}", e.getMessage());
            LOG.debug("reap failure", e);
            return List.of();
        } finally {
            if (client != null) {
                try {
                    client.close();
                } catch (java.io.IOException e) {
                    LOG.debug("closing the Docker client", e);
                }
            }
        }
    }

    public List<Reaped> reap(boolean dryRun) {
        List<Reaped> reaped = new ArrayList<>();
        if (docker != null) {
            reapContainers(dryRun, reaped);
        }
        reapProcesses(dryRun, reaped);
        for (Reaped r : reaped) {
            LOG.info("{} orphaned {}", dryRun ? "would remove" : "removed", r);
        }
        return reaped;
    }

    private void reapContainers(boolean dryRun, List<Reaped> reaped) {
        List<Container> containers = docker.listContainersCmd().withShowAll(true)
                .withLabelFilter(List.of(ServerLabels.PARENT_PID)).exec();
        for (Container c : containers) {
            Map<String, String> labels = c.getLabels() == null ? Map.of() : c.getLabels();
            if (!host.equals(labels.get(ServerLabels.HOST))) {
                continue; // made from another host through a remote DOCKER_HOST: its parent is not ours to judge
            }
            ProcessIdentity parent;
            try {
                parent = new ProcessIdentity(Long.parseLong(labels.get(ServerLabels.PARENT_PID)),
                        Long.parseLong(labels.getOrDefault(ServerLabels.PARENT_START, "0")));
            } catch (NumberFormatException e) {
                continue;
            }
            if (parent.isAlive()) {
                continue;
            }
            String name = c.getNames() == null || c.getNames().length == 0 ? c.getId() : c.getNames()[0].replaceFirst("^/", "");
            Reaped r = new Reaped("container", name, "parent pid " + parent.pid() + " dead, image " + c.getImage()
                    + ", state " + c.getState() + ", session " + labels.getOrDefault(ServerLabels.SESSION_ID, ""));
            if (!dryRun) {
                try {
                    docker.removeContainerCmd(c.getId()).withForce(true).withRemoveVolumes(true).exec();
                } catch (NotFoundException e) {
                    continue;
                } catch (RuntimeException e) {
                    LOG.error("could not remove orphaned container {}: {}", name, e.getMessage());
                    continue;
                }
            }
            reaped.add(r);
        }
    }

    private void reapProcesses(boolean dryRun, List<Reaped> reaped) {
        for (PidFiles.Entry e : pidFiles.list()) {
            if (!e.server().isAlive()) {
                if (!e.parent().isAlive()) {
                    if (!dryRun) {
                        pidFiles.remove(e.file());
                    }
                    reaped.add(new Reaped("pid-file", e.file().getFileName().toString(),
                            "stale: process " + e.server().pid() + " already gone"));
                }
                continue;
            }
            if (e.parent().isAlive()) {
                continue;
            }
            Reaped r = new Reaped("process", Long.toString(e.server().pid()), "parent pid " + e.parent().pid()
                    + " dead, " + e.engine() + ": " + e.command());
            if (!dryRun) {
                terminate(e.server());
                pidFiles.remove(e.file());
            }
            reaped.add(r);
        }
    }

    private static void terminate(ProcessIdentity server) {
        long pgid = server.pid();
        PosixSignals.signalGroup(pgid, PosixSignals.SIGTERM);
        try {
            Clock.system().awaitCondition(() -> !PosixSignals.groupExists(pgid), Duration.ofMillis(TERM_GRACE_MILLIS),
                    ProcessServerLauncher.POLL);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
        if (PosixSignals.groupExists(pgid)) {
            PosixSignals.signalGroup(pgid, PosixSignals.SIGKILL);
        }
        ProcessHandle.of(pgid).ifPresent(ProcessHandle::destroyForcibly);
    }
}
