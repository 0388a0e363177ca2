package io.joulebench.core.executor.slurm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * A cluster profile: what every job of a Slurm run asks for and how it is followed. Read from the user's
 * {@code cluster.yaml} (keys below, unknown keys refused by name), overridden by the {@code --slurm-*} flags, and
 * kept in the results folder ({@code cluster/profile.json}) so {@code resume} submits the same way.
 *
 * @param partition       {@code partition}: sbatch {@code --partition}; null = the cluster's default
 * @param account         {@code account}: sbatch {@code --account}; null = the user's default
 * @param gpusPerJob      {@code gpus_per_job}: sbatch {@code --gpus}; null = none asked for
 * @param cpusPerJob      {@code cpus_per_job}: sbatch {@code --cpus-per-task}; null = the default (1)
 * @param memory          {@code memory}: sbatch {@code --mem} (e.g. {@code 16G}); null = the default
 * @param sbatchArgs      {@code sbatch_args}: more sbatch arguments, after the ones above (so they win)
 * @param sharedDir       {@code shared_dir}: the file system every node sees; the results folder must be inside it
 *                        (null: not checked)
 * @param maxParallelJobs {@code max_parallel_jobs}: at most this many jobs submitted and not ended at once
 * @param timeMarginFactor  {@code time_margin_factor}: the time limit is the group's wall-time estimate × this …
 * @param timeMarginSeconds {@code time_margin_seconds}: … plus this (JVM start, queueing on the node)
 * @param pollIntervalMs  {@code poll_interval_ms}: how often jobs are followed
 * @param workerCommand   {@code worker_command}: how a node starts joulebench (the arguments of
 *                        {@code joulebench worker} follow); empty = this process's java and class path
 * @param ssh             {@code ssh}: the login node to submit through, {@code USER@HOST[:PORT]}; null = submit here
 * @param remoteDir       {@code remote_dir}: the results folder's parent on the cluster's shared file system (with
 *                        {@code ssh}); null = not set
 * @param jobArrays       {@code job_arrays}: submit the groups as one job array (throttled to
 *                        {@code max_parallel_jobs}) when they share one time limit; false: one job per group always
 *                        (for clusters that limit or forbid arrays)
 */
public record SlurmProfile(String partition, String account, Integer gpusPerJob, Integer cpusPerJob, String memory,
                           List<String> sbatchArgs, Path sharedDir, int maxParallelJobs, double timeMarginFactor,
                           double timeMarginSeconds, int pollIntervalMs, List<String> workerCommand, String ssh,
                           String remoteDir, boolean jobArrays) {

    public static final String FILE_NAME = "cluster.yaml";
    static final Set<String> KEYS = Set.of("partition", "account", "gpus_per_job", "cpus_per_job", "memory",
            "sbatch_args", "shared_dir", "max_parallel_jobs", "time_margin_factor", "time_margin_seconds",
            "poll_interval_ms", "worker_command", "ssh", "remote_dir", "job_arrays");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final java.util.regex.Pattern SSH = java.util.regex.Pattern.compile("[^@\\s]+@[^@:\\s]+(:\\d{1,5})?");

    public SlurmProfile {
        sbatchArgs = List.copyOf(sbatchArgs);
        workerCommand = List.copyOf(workerCommand);
    }

    /** A profile without {@code ssh} and {@code remote_dir}, arrays allowed. */
    public SlurmProfile(String partition, String account, Integer gpusPerJob, Integer cpusPerJob, String memory,
                        List<String> sbatchArgs, Path sharedDir, int maxParallelJobs, double timeMarginFactor,
                        double timeMarginSeconds, int pollIntervalMs, List<String> workerCommand) {
        this(partition, account, gpusPerJob, cpusPerJob, memory, sbatchArgs, sharedDir, maxParallelJobs,
                timeMarginFactor, timeMarginSeconds, pollIntervalMs, workerCommand, null, null, true);
    }

    public static SlurmProfile defaults() {
        return new SlurmProfile(null, null, null, null, null, List.of(), null, 4, 1.5, 300, 1000, List.of());
    }

    /** A bad value, naming the key (or flag) and where it came from. */
    public static final class ProfileException extends Exception {
        public ProfileException(String message) {
            super(message);
        }
    }

    /** Reads a profile file (YAML or JSON) over the defaults; a missing file is the defaults. */
    public static SlurmProfile read(Path file) throws ProfileException {
        if (file == null || !Files.isRegularFile(file)) {
            return defaults();
        }
        JsonNode root;
        try {
            root = new YAMLMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new ProfileException(file + ": not a readable YAML file: " + e.getMessage());
        }
        return of(root, file.toString());
    }

    static SlurmProfile of(JsonNode root, String where) throws ProfileException {
        SlurmProfile p = defaults();
        if (root == null || root.isNull() || root.isMissingNode()) {
            return p;
        }
        if (!root.isObject()) {
            throw new ProfileException(where + ": a cluster profile is a mapping of keys " + sorted(KEYS));
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!KEYS.contains(key)) {
                throw new ProfileException(where + ": unknown key '" + key + "' (known: " + sorted(KEYS) + ")");
            }
        }
        return new SlurmProfile(text(root, "partition", p.partition()), text(root, "account", p.account()),
                positive(root, "gpus_per_job", where, p.gpusPerJob()),
                positive(root, "cpus_per_job", where, p.cpusPerJob()), text(root, "memory", p.memory()),
                list(root, "sbatch_args", where, p.sbatchArgs()),
                root.hasNonNull("shared_dir") ? Path.of(root.get("shared_dir").asText()) : p.sharedDir(),
                orDefault(positive(root, "max_parallel_jobs", where, null), p.maxParallelJobs()),
                number(root, "time_margin_factor", where, p.timeMarginFactor(), 1.0),
                number(root, "time_margin_seconds", where, p.timeMarginSeconds(), 0.0),
                orDefault(positive(root, "poll_interval_ms", where, null), p.pollIntervalMs()),
                list(root, "worker_command", where, p.workerCommand()), ssh(root, where),
                absolute(root, "remote_dir", where), bool(root, "job_arrays", where, p.jobArrays()));
    }

    /**
     * A profile from values keyed as in the file (a form's fields: numbers may come as their text), checked by the
     * same rules as the file; a bad value names its key.
     */
    public static SlurmProfile of(java.util.Map<String, ?> values, String where) throws ProfileException {
        ObjectNode n = JSON.createObjectNode();
        for (var e : values.entrySet()) {
            if (e.getValue() != null) {
                n.set(e.getKey(), JSON.valueToTree(e.getValue()));
            }
        }
        return of(n, where);
    }

    /** The profile as the file's YAML: the keys set, those left at their defaults left out. */
    public String toYaml() {
        ObjectNode all = (ObjectNode) readTree(toJson());
        ObjectNode defaults = (ObjectNode) readTree(defaults().toJson());
        ObjectNode out = JSON.createObjectNode();
        for (Iterator<String> it = all.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            JsonNode v = all.get(key);
            boolean empty = v.isNull() || v.isArray() && v.isEmpty();
            if (!empty && !v.equals(defaults.get(key))) {
                out.set(key, v);
            }
        }
        try {
            return out.isEmpty() ? "{}\n" : new YAMLMapper()
                    .disable(com.fasterxml.jackson.dataformat.yaml.YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .writeValueAsString(out);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes {@link #toYaml} to {@code file} (a temp file renamed over it; its folder created when missing). */
    public void write(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = dir.resolve(".tmp-" + file.getFileName());
        Files.writeString(tmp, toYaml(), java.nio.charset.StandardCharsets.UTF_8);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private static JsonNode readTree(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean bool(JsonNode n, String key, String where, boolean fallback) throws ProfileException {
        if (!n.hasNonNull(key)) {
            return fallback;
        }
        if (!n.get(key).isBoolean()) {
            throw new ProfileException(where + ": " + key + " must be true or false, not " + n.get(key));
        }
        return n.get(key).asBoolean();
    }

    public SlurmProfile withJobArrays(boolean v) {
        return new SlurmProfile(partition, account, gpusPerJob, cpusPerJob, memory, sbatchArgs, sharedDir,
                maxParallelJobs, timeMarginFactor, timeMarginSeconds, pollIntervalMs, workerCommand, ssh, remoteDir, v);
    }

    private static String ssh(JsonNode n, String where) throws ProfileException {
        if (!n.hasNonNull("ssh") || n.get("ssh").asText().isBlank()) {
            return null;
        }
        String v = n.get("ssh").asText().strip();
        if (!SSH.matcher(v).matches()) {
            throw new ProfileException(where + ": ssh must be USER@HOST or USER@HOST:PORT, not " + n.get("ssh"));
        }
        return v;
    }

    private static String absolute(JsonNode n, String key, String where) throws ProfileException {
        if (!n.hasNonNull(key) || n.get(key).asText().isBlank()) {
            return null;
        }
        String v = n.get(key).asText().strip();
        if (!v.startsWith("/")) {
            throw new ProfileException(where + ": " + key + " must be an absolute path on the cluster, not " + n.get(key));
        }
        return v;
    }

    public SlurmProfile withPartition(String v) {
        return new SlurmProfile(v, account, gpusPerJob, cpusPerJob, memory, sbatchArgs, sharedDir, maxParallelJobs,
                timeMarginFactor, timeMarginSeconds, pollIntervalMs, workerCommand, ssh, remoteDir, jobArrays);
    }

    public SlurmProfile withAccount(String v) {
        return new SlurmProfile(partition, v, gpusPerJob, cpusPerJob, memory, sbatchArgs, sharedDir, maxParallelJobs,
                timeMarginFactor, timeMarginSeconds, pollIntervalMs, workerCommand, ssh, remoteDir, jobArrays);
    }

    public SlurmProfile withGpusPerJob(Integer v) {
        return new SlurmProfile(partition, account, v, cpusPerJob, memory, sbatchArgs, sharedDir, maxParallelJobs,
                timeMarginFactor, timeMarginSeconds, pollIntervalMs, workerCommand, ssh, remoteDir, jobArrays);
    }

    public SlurmProfile withSbatchArgs(List<String> v) {
        return new SlurmProfile(partition, account, gpusPerJob, cpusPerJob, memory, v, sharedDir, maxParallelJobs,
                timeMarginFactor, timeMarginSeconds, pollIntervalMs, workerCommand, ssh, remoteDir, jobArrays);
    }

    public SlurmProfile withMaxParallelJobs(int v) {
        return new SlurmProfile(partition, account, gpusPerJob, cpusPerJob, memory, sbatchArgs, sharedDir, v,
                timeMarginFactor, timeMarginSeconds, pollIntervalMs, workerCommand, ssh, remoteDir, jobArrays);
    }

    public SlurmProfile withWorkerCommand(List<String> v) {
        return new SlurmProfile(partition, account, gpusPerJob, cpusPerJob, memory, sbatchArgs, sharedDir,
                maxParallelJobs, timeMarginFactor, timeMarginSeconds, pollIntervalMs, v, ssh, remoteDir, jobArrays);
    }

    /** The job's time limit in whole minutes (Slurm's unit): the estimate × factor + margin, rounded up. */
    public long timeLimitMinutes(double estimatedSeconds) {
        return Math.max(1, (long) Math.ceil((estimatedSeconds * timeMarginFactor + timeMarginSeconds) / 60.0));
    }

    /** The profile as JSON with the file's keys, for the results folder. */
    public String toJson() {
        ObjectNode n = JSON.createObjectNode();
        n.put("partition", partition);
        n.put("account", account);
        n.put("gpus_per_job", gpusPerJob);
        n.put("cpus_per_job", cpusPerJob);
        n.put("memory", memory);
        ArrayNode a = n.putArray("sbatch_args");
        sbatchArgs.forEach(a::add);
        n.put("shared_dir", sharedDir == null ? null : sharedDir.toString());
        n.put("max_parallel_jobs", maxParallelJobs);
        n.put("time_margin_factor", timeMarginFactor);
        n.put("time_margin_seconds", timeMarginSeconds);
        n.put("poll_interval_ms", pollIntervalMs);
        ArrayNode w = n.putArray("worker_command");
        workerCommand.forEach(w::add);
        n.put("ssh", ssh);
        n.put("remote_dir", remoteDir);
        n.put("job_arrays", jobArrays);
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(n) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static SlurmProfile fromJson(Path file) throws ProfileException, IOException {
        return of(JSON.readTree(file.toFile()), file.toString());
    }

    private static String text(JsonNode n, String key, String fallback) {
        return n.hasNonNull(key) ? n.get(key).asText() : fallback;
    }

    private static Integer positive(JsonNode n, String key, String where, Integer fallback) throws ProfileException {
        if (!n.hasNonNull(key)) {
            return fallback;
        }
        JsonNode v = n.get(key);
        if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < 1) {
            throw new ProfileException(where + ": " + key + " must be a whole number ≥ 1, not " + v);
        }
        return v.asInt();
    }

    private static double number(JsonNode n, String key, String where, double fallback, double min)
            throws ProfileException {
        if (!n.hasNonNull(key)) {
            return fallback;
        }
        JsonNode v = n.get(key);
        if (!v.isNumber() || v.asDouble() < min) {
            throw new ProfileException(where + ": " + key + " must be a number ≥ " + min + ", not " + v);
        }
        return v.asDouble();
    }

    private static List<String> list(JsonNode n, String key, String where, List<String> fallback)
            throws ProfileException {
        if (!n.hasNonNull(key)) {
            return fallback;
        }
        JsonNode v = n.get(key);
        if (!v.isArray()) {
            throw new ProfileException(where + ": " + key + " must be a list of strings, not " + v);
        }
        List<String> out = new ArrayList<>();
        v.forEach(e -> out.add(e.asText()));
        return out;
    }

    private static int orDefault(Integer v, int fallback) {
        return v == null ? fallback : v;
    }

    private static List<String> sorted(Set<String> keys) {
        return keys.stream().sorted().toList();
    }
}
