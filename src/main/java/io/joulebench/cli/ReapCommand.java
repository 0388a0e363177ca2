package io.joulebench.cli;

import com.github.dockerjava.api.DockerClient;
import io.joulebench.core.server.DockerClients;
import io.joulebench.core.server.HostEnvironment;
import io.joulebench.core.server.PidFiles;
import io.joulebench.core.server.Reaper;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code joulebench reap}: removes servers left behind by a joulebench that died (containers and processes). */
@Command(name = "reap", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Remove inference servers left behind by a dead joulebench process.",
            "Those are containers labelled joulebench.parent_pid (made on this host) whose parent process is dead,",
            "and processes recorded in pid files. Nothing else is touched."})
public final class ReapCommand implements Callable<Integer> {

    @Option(names = "--dry-run", description = "Only list what would be removed.")
    boolean dryRun;

    @Option(names = "--state-dir", paramLabel = "DIR",
            description = "Where server pid files are kept (default: ~/.joulebench/run).")
    Path stateDir;

    @Option(names = "--no-docker", description = "Skip containers (do not contact the Docker daemon).")
    boolean noDocker;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        HostEnvironment host = JoulebenchCommand.host(spec);
        DockerClient docker = null;
        if (!noDocker) {
            docker = host.docker();
            if (!DockerClients.isReachable(docker)) {
                out.println("docker: no daemon reachable (" + host.describeDockerHost() + "); containers skipped");
                docker.close();
                docker = null;
            }
        }
        try {
            List<Reaper.Reaped> reaped = new Reaper(docker, new PidFiles(stateDir != null ? stateDir
                    : host.processStateDir())).reap(dryRun);
            String verb = dryRun ? "would remove " : "removed ";
            reaped.forEach(r -> out.println(verb + r));
            out.println(reaped.isEmpty() ? "nothing to reap" : (dryRun ? "would reap " : "reaped ") + reaped.size());
        } finally {
            if (docker != null) {
                docker.close();
            }
        }
        return ExitCodes.OK;
    }
}
