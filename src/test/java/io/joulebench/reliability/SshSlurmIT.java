package io.joulebench.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.executor.slurm.JobRecord;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.testing.JoulebenchChild;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 19 from the user's own machine: the Slurm run of {@link SlurmClusterIT}, submitted through an sshd (Debian's
 * openssh-server) on a loopback port with throwaway host and user keys, as a login node would be reached. The
 * coordinator's results folder and the cluster's mirror ({@code --remote-dir}) are separate folders, so everything a
 * job reads went over SFTP and everything the run holds came back over it. This machine is its own login node, so
 * the profile's {@code worker_command} is this JVM's java and class path. Skipped, saying so, where
 * {@code /usr/sbin/sshd}, {@code ssh-keygen} or {@code sbatch} is missing.
 */
class SshSlurmIT {

    private static final Path SSHD = Path.of("/usr/sbin/sshd");

    @TempDir
    static Path keys;

    @TempDir
    Path tmp;

    private static Process sshd;
    private static int port;

    @BeforeAll
    static void startSshd() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(SSHD) && onPath("ssh-keygen"), "/usr/sbin/sshd or ssh-keygen is"
                + " missing: these tests need openssh-server and openssh-client (.ci/run installs them)");
        Assumptions.assumeTrue(onPath("sbatch"), "sbatch is not on PATH: these tests need a Slurm cluster (.ci/run"
                + " starts a one-node one with slurm-wlm and munge)");
        keygen(keys.resolve("host_ed25519"));
        keygen(keys.resolve("user_ed25519"));
        keygen(keys.resolve("other_ed25519")); // a host key the login node does not have
        Files.copy(keys.resolve("user_ed25519.pub"), keys.resolve("authorized_keys"));
        Files.createDirectories(Path.of("/run/sshd")); // sshd's privilege separation folder
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        sshd = new ProcessBuilder(SSHD.toString(), "-D", "-e", "-p", Integer.toString(port), "-o",
                "ListenAddress=127.0.0.1", "-h", keys.resolve("host_ed25519").toString(), "-o",
                "AuthorizedKeysFile=" + keys.resolve("authorized_keys"), "-o", "PidFile=none", "-o", "StrictModes=no")
                .redirectErrorStream(true).redirectOutput(keys.resolve("sshd.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!listening()) {
            assertThat(sshd.isAlive()).as(Files.readString(keys.resolve("sshd.log"))).isTrue();
            assertThat(System.nanoTime()).as("sshd did not listen within 10 s").isLessThan(deadline);
            Thread.sleep(50); // waiting for sshd to bind its port
        }
    }

    @AfterAll
    static void stopSshd() throws Exception {
        if (sshd != null) {
            sshd.destroy();
            sshd.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** A home whose ~/.ssh has the user key, and {@code hostKey}'s public half in known_hosts (null: none). */
    private Path home(String name, String hostKey) throws IOException {
        Path home = homeWithoutKey(name, hostKey);
        Files.copy(keys.resolve("user_ed25519"), home.resolve(".ssh/id_ed25519"));
        return home;
    }

    /** The same without a key file: only an agent can authenticate. */
    private Path homeWithoutKey(String name, String hostKey) throws IOException {
        Path home = tmp.resolve(name);
        Path ssh = Files.createDirectories(home.resolve(".ssh"));
        if (hostKey != null) {
            String[] pub = Files.readString(keys.resolve(hostKey + ".pub")).strip().split(" ");
            Files.writeString(ssh.resolve("known_hosts"), "[127.0.0.1]:" + port + " " + pub[0] + " " + pub[1]
                    + "\n");
        }
        // this machine is its own login node: the jobs may start this JVM's class path there
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> worker = List.of(java, "-Xmx512m", "--enable-native-access=ALL-UNNAMED", "-Duser.home=" + home,
                "-cp", System.getProperty("java.class.path"), "io.joulebench.Main");
        Files.createDirectories(home.resolve(".joulebench"));
        Files.writeString(home.resolve(".joulebench/cluster.yaml"), "worker_command: " + yamlList(worker) + "\n");
        return home;
    }

    private JoulebenchChild joulebench(Path home, String... args) throws IOException {
        return JoulebenchChild.start(home, Map.of("SSH_AUTH_SOCK", ""), List.of(args));
    }

    @Test
    void a_multi_group_study_submitted_over_ssh_merges_to_the_local_windows_csv_with_its_bundles_copied_back()
            throws Exception {
        Path yaml = study("sshmulti", List.of(8, 16, 24));
        Path home = home("home", "host_ed25519");
        Path localOut = tmp.resolve("local");
        Path sshOut = tmp.resolve("laptop");
        Path remote = tmp.resolve("cluster-shared");
        try (JoulebenchChild run = joulebench(home, "run", yaml.toString(), "--out", localOut.toString())) {
            assertThat(run.waitFor(Duration.ofSeconds(180))).as(run.output()).isZero();
        }
        try (JoulebenchChild run = joulebench(home, "run", yaml.toString(), "--executor", "slurm",
                "--max-parallel-jobs", "2", "--ssh", "root@127.0.0.1:" + port, "--remote-dir", remote.toString(),
                "--out", sshOut.toString())) {
            assertThat(run.waitFor(Duration.ofSeconds(240))).as(run.output()).isZero();
            assertThat(run.output()).containsPattern("job \\d+_\\d+: done, 1/1 level credited");
        }
        Path local = ResultsChecks.onlyFolder(localOut);
        Path laptop = ResultsChecks.onlyFolder(sshOut);
        ResultsChecks.assertConsistent(laptop);
        ClusterStudies.assertSameWindows(local, laptop, 9);
        // the bundles were copied back: every credited window is a folder here
        List<ManifestEntry> entries = Manifest.read(laptop.resolve("manifest.json")).entries();
        assertThat(entries).hasSize(3).allMatch(ManifestEntry::credited);
        for (ManifestEntry e : entries) {
            assertThat(e.windowIds()).hasSize(3).allSatisfy(id -> assertThat(laptop.resolve(id).resolve("result.json"))
                    .isRegularFile());
        }
        // the cluster's mirror holds what the jobs read and wrote, under the results folder's own name
        Path mirror = remote.resolve(laptop.getFileName().toString());
        assertThat(mirror.resolve("study.yaml")).isRegularFile();
        List<JobRecord> jobs = JobRecord.all(laptop);
        assertThat(jobs).hasSize(3).allSatisfy(j -> {
            Path there = mirror.resolve(laptop.relativize(j.dir()).toString());
            assertThat(there.resolve("job.sh")).content().contains("'worker' '--results' '" + mirror + "'");
            assertThat(there.resolve("results/manifest.json")).isRegularFile();
            assertThat(j.dir().resolve("slurm.out")).as("the job's output came back").isRegularFile();
            assertThat(Files.mismatch(j.resultsDir().resolve("events.jsonl"), there.resolve("results/events.jsonl")))
                    .as("the progress file, copied back by its tails, is the job's").isEqualTo(-1L);
        });
        assertThat(laptop.resolve("cluster/ssh.json")).content().contains("root@127.0.0.1:" + port);
        assertNoSessionLeft();
    }

    /** The connection is closed: sshd has no session left (only its listener), so nothing runs on the login node. */
    private static void assertNoSessionLeft() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (sshd.children().findAny().isPresent() && System.nanoTime() < deadline) {
            Thread.sleep(100); // sshd reaps the session process after the client disconnects
        }
        assertThat(sshd.children().toList()).as("sshd sessions left running").isEmpty();
    }

    @Test
    void ctrl_c_cancels_the_job_over_ssh_and_resume_reconnects_as_recorded_and_runs_the_rest() throws Exception {
        // levels of 3 windows of 4 s: every command over SSH starts the login shell (seconds on a loaded machine), so
        // progress arrives late, and the job must still be running when the interrupt follows its first level
        Path yaml = study("sshcancel", List.of(8), List.of(2, 4, 6), 4);
        Path home = home("home", "host_ed25519");
        Path out = tmp.resolve("laptop");
        Path remote = tmp.resolve("cluster-shared");
        Path folder;
        try (JoulebenchChild run = joulebench(home, "run", yaml.toString(), "--executor", "slurm", "--ssh",
                "root@127.0.0.1:" + port, "--remote-dir", remote.toString(), "--out", out.toString())) {
            // the level line: "…, 3 windows; final …" (the figures windows.csv has)
            assertThat(run.awaitLine(l -> l.matches("job \\d+: level 1/3 .*windows?(; final .*)?$"),
                    Duration.ofSeconds(120)))
                    .as(run.output()).isTrue();
            run.signal("INT");
            assertThat(run.waitFor(Duration.ofSeconds(120))).as(run.output()).isEqualTo(130);
        }
        folder = ResultsChecks.onlyFolder(out);
        String jobId = JobRecord.all(folder).getFirst().jobId();
        assertThat(scontrol(jobId)).as("scancel went over the connection").contains("JobState=CANCELLED");
        assertThat(Manifest.read(folder.resolve("manifest.json")).entries()).filteredOn(ManifestEntry::credited)
                .as("the level that closed came back").isNotEmpty();
        try (JoulebenchChild resume = joulebench(home, "resume", folder.toString())) {
            assertThat(resume.waitFor(Duration.ofSeconds(180))).as(resume.output()).isZero();
        }
        assertThat(Manifest.read(folder.resolve("manifest.json")).entries()).hasSize(3)
                .allMatch(ManifestEntry::credited);
        assertThat(JobRecord.all(folder)).extracting(JobRecord::attempt).containsExactly(1, 2);
        assertThat(remote.resolve(folder.getFileName() + "/cluster/jobs/g000-a2/results/manifest.json"))
                .as("resume submitted through the recorded login node and remote dir").isRegularFile();
        assertThat(csv(folder.resolve("windows.csv"))).hasSize(1 + 9);
        ResultsChecks.assertConsistent(folder);
        assertNoSessionLeft();
    }

    @Test
    void a_key_held_only_by_the_ssh_agent_is_used() throws Exception {
        Assumptions.assumeTrue(onPath("ssh-agent") && onPath("ssh-add"), "ssh-agent or ssh-add is missing");
        Path sock = tmp.resolve("agent.sock");
        Process agent = new ProcessBuilder("ssh-agent", "-D", "-a", sock.toString()).redirectErrorStream(true)
                .redirectOutput(tmp.resolve("agent.log").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!Files.exists(sock) && System.nanoTime() < deadline) {
                Thread.sleep(50); // waiting for the agent's socket
            }
            ProcessBuilder add = new ProcessBuilder("ssh-add", keys.resolve("user_ed25519").toString())
                    .redirectErrorStream(true);
            add.environment().put("SSH_AUTH_SOCK", sock.toString());
            Process p = add.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor()).as(out).isZero();

            Path home = homeWithoutKey("agent-home", "host_ed25519");
            assertThat(home.resolve(".ssh/id_ed25519")).doesNotExist();
            Path laptop = tmp.resolve("laptop");
            try (JoulebenchChild run = JoulebenchChild.start(home, Map.of("SSH_AUTH_SOCK", sock.toString()), List.of(
                    "run", study("sshagent", List.of(8)).toString(), "--executor", "slurm", "--ssh",
                    "root@127.0.0.1:" + port, "--remote-dir", tmp.resolve("cluster-shared").toString(), "--out",
                    laptop.toString()))) {
                assertThat(run.waitFor(Duration.ofSeconds(180))).as(run.output()).isZero();
            }
            assertThat(Manifest.read(ResultsChecks.onlyFolder(laptop).resolve("manifest.json")).entries())
                    .allMatch(ManifestEntry::credited);
        } finally {
            agent.destroy();
            agent.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "|is not in",
        "other_ed25519|differs from the one in",
    })
    void a_login_node_whose_host_key_is_not_the_known_one_is_refused_naming_it_and_nothing_is_submitted(
            String knownKey, String problem) throws Exception {
        Path yaml = study("sshunknown", List.of(8));
        Path home = home("stranger", knownKey);
        Path out = tmp.resolve("out");
        Path remote = tmp.resolve("cluster-shared");
        try (JoulebenchChild run = joulebench(home, "run", yaml.toString(), "--executor", "slurm", "--ssh",
                "root@127.0.0.1:" + port, "--remote-dir", remote.toString(), "--out", out.toString())) {
            assertThat(run.waitFor(Duration.ofSeconds(60))).as(run.output()).isEqualTo(2);
            assertThat(run.output()).contains("the host key of 127.0.0.1 (port " + port + ")").contains(problem)
                    .contains("ssh-keyscan -p " + port + " 127.0.0.1").doesNotContain("\tat ");
        }
        assertThat(out).doesNotExist();
        assertThat(remote).doesNotExist();
    }

    /** One session group per output length, one level each at 4 req/s, 3 windows of 1 s. */
    private Path study(String name, List<Integer> outputTokens) throws IOException {
        return study(name, outputTokens, List.of(4), 1);
    }

    /** One session group per output length (max_output_tokens) of {@code rates} levels, 3 windows each. */
    private Path study(String name, List<Integer> outputTokens, List<Integer> rates, int windowSeconds)
            throws IOException {
        return ClusterStudies.study(tmp, name, outputTokens, rates, windowSeconds);
    }

    private static String scontrol(String jobId) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("scontrol", "show", "job", "-o", jobId).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(30, TimeUnit.SECONDS);
        return out;
    }

    private static List<List<String>> csv(Path file) throws IOException {
        return ClusterStudies.csv(file);
    }

    private static String yamlList(List<String> items) {
        List<String> quoted = new ArrayList<>();
        items.forEach(i -> quoted.add("'" + i.replace("'", "''") + "'"));
        return "[" + String.join(", ", quoted) + "]";
    }

    private static void keygen(Path file) throws Exception {
        Process p = new ProcessBuilder("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "joulebench-it", "-f",
                file.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
    }

    private static boolean listening() {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }
}
