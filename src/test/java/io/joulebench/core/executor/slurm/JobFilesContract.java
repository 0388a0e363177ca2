package io.joulebench.core.executor.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the Slurm executor relies on from every {@link JobFiles}: a pushed file is at its remote path, and what a job
 * writes at the remote path of a local folder is in that folder after a complete pull.
 */
public abstract class JobFilesContract {

    @TempDir
    protected Path tmp;

    /** The implementation under test, for results folders created in {@code localBase}. */
    protected abstract JobFiles files(Path localBase);

    private Path base() {
        return tmp.resolve("out");
    }

    @Test
    void a_pushed_file_is_at_its_remote_path() throws Exception {
        JobFiles files = files(base());
        Path job = Files.createDirectories(base().resolve("run/cluster/jobs/g000-a1")).resolve("job.json");
        Files.writeString(job, "{\"group\":0}");
        files.push(job);
        assertThat(files.remote(job)).endsWith("/run/cluster/jobs/g000-a1/job.json");
        assertThat(Path.of(files.remote(job))).hasContent("{\"group\":0}");
    }

    @Test
    void what_a_job_writes_at_the_remote_path_is_local_after_a_complete_pull() throws Exception {
        JobFiles files = files(base());
        Path results = base().resolve("run/cluster/jobs/g000-a1/results");
        Path remote = Files.createDirectories(Path.of(files.remote(results)));
        Files.writeString(remote.resolve("manifest.json"), "{\"entries\":[]}");
        Files.writeString(remote.resolve("events.jsonl"), "{\"line\":\"a\"}\n");
        Files.writeString(Files.createDirectories(remote.resolve("w-0001")).resolve("result.json"), "{}");
        files.pull(results, true);
        assertThat(results.resolve("manifest.json")).hasContent("{\"entries\":[]}");
        assertThat(Files.readString(results.resolve("events.jsonl"))).isEqualTo("{\"line\":\"a\"}\n");
        assertThat(results.resolve("w-0001/result.json")).hasContent("{}");
    }

    @Test
    void pulling_what_the_job_has_not_written_yet_is_no_error() throws Exception {
        JobFiles files = files(base());
        Path results = base().resolve("run/cluster/jobs/g001-a1/results");
        files.pull(results, false);
        files.pull(results, true);
        assertThat(results).doesNotExist();
    }
}
