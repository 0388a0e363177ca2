package io.joulebench.core.executor.slurm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.study.ResolvedCell;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One submitted job, as the coordinator records it in {@code cluster/jobs/g<group>-a<attempt>/job.json} (only the
 * coordinator writes it; the job writes only under {@code results/} beside it). A coordinator that was killed finds
 * its jobs again from these records on resume. {@code merged} (an empty file beside it) says its results were taken
 * into the run's folder.
 *
 * @param cells the (config hash, cycle) keys the job runs, in dispatch order
 */
public record JobRecord(Path dir, int groupIndex, int attempt, String jobId, String jobName, List<String> cells,
                        long timeLimitMinutes, String submittedUtc) {

    public static final String CLUSTER_DIR = ResultsFolder.CLUSTER_DIR;
    public static final String JOBS_DIR = "jobs";
    public static final String FILE_NAME = "job.json";
    public static final String RESULTS_DIR = "results";
    static final String MERGED = "merged";
    private static final ObjectMapper JSON = new ObjectMapper();

    public JobRecord {
        cells = List.copyOf(cells);
    }

    public static Path jobsDir(Path resultsDir) {
        return resultsDir.resolve(CLUSTER_DIR).resolve(JOBS_DIR);
    }

    /** The key a cell has in {@link #cells}: the manifest's. */
    public static String key(ResolvedCell cell) {
        return cell.configHash() + "-c" + cell.cycle();
    }

    public Path resultsDir() {
        return dir.resolve(RESULTS_DIR);
    }

    public boolean merged() {
        return Files.exists(dir.resolve(MERGED));
    }

    void markMerged() throws IOException {
        Files.writeString(dir.resolve(MERGED), "");
    }

    public JobRecord withJobId(String id) {
        return new JobRecord(dir, groupIndex, attempt, id, jobName, cells, timeLimitMinutes, submittedUtc);
    }

    /** Writes job.json atomically (a temp file renamed over it). */
    public void write() throws IOException {
        ObjectNode n = JSON.createObjectNode();
        n.put("group", groupIndex);
        n.put("attempt", attempt);
        n.put("job_id", jobId);
        n.put("job_name", jobName);
        ArrayNode a = n.putArray("cells");
        cells.forEach(a::add);
        n.put("time_limit_minutes", timeLimitMinutes);
        n.put("submitted_utc", submittedUtc);
        Files.createDirectories(dir);
        Path tmp = dir.resolve(".tmp-" + FILE_NAME);
        Files.writeString(tmp, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(n) + "\n",
                StandardCharsets.UTF_8);
        Files.move(tmp, dir.resolve(FILE_NAME), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    public static JobRecord read(Path dir) throws IOException {
        JsonNode n = JSON.readTree(dir.resolve(FILE_NAME).toFile());
        List<String> cells = new ArrayList<>();
        n.path("cells").forEach(c -> cells.add(c.asText()));
        return new JobRecord(dir, n.path("group").asInt(), n.path("attempt").asInt(),
                n.hasNonNull("job_id") ? n.get("job_id").asText() : null, n.path("job_name").asText(), cells,
                n.path("time_limit_minutes").asLong(), n.path("submitted_utc").asText());
    }

    /** Every recorded job of a results folder, by group and attempt. */
    public static List<JobRecord> all(Path resultsDir) throws IOException {
        Path jobs = jobsDir(resultsDir);
        if (!Files.isDirectory(jobs)) {
            return List.of();
        }
        List<JobRecord> out = new ArrayList<>();
        try (var dirs = Files.list(jobs)) {
            for (Path d : dirs.filter(Files::isDirectory).toList()) {
                if (Files.isRegularFile(d.resolve(FILE_NAME))) {
                    out.add(read(d));
                }
            }
        }
        out.sort(Comparator.comparingInt(JobRecord::groupIndex).thenComparingInt(JobRecord::attempt));
        return out;
    }
}
