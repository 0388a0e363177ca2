package io.joulebench.core.executor.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The mirror's path mapping and its incremental copy-back, over a local folder standing in for the cluster. */
class MirroredJobFilesTest {

    @TempDir
    Path tmp;

    private final LocalDirRemoteFiles cluster = new LocalDirRemoteFiles();
    private MirroredJobFiles files;
    private Path results;
    private Path remote;

    @BeforeEach
    void mirror() throws Exception {
        SshSite site = new SshSite(SshTarget.parse("me@login"), tmp.resolve("cluster").toString() + "/");
        files = new MirroredJobFiles(tmp.resolve("out"), site, cluster);
        results = tmp.resolve("out/run-1/cluster/jobs/g000-a1/results");
        remote = Files.createDirectories(Path.of(files.remote(results)));
    }

    @Test
    void a_local_path_maps_to_the_same_names_under_the_remote_dir() {
        assertThat(files.remote(tmp.resolve("out/run-1/study.yaml")))
                .isEqualTo(tmp.resolve("cluster") + "/run-1/study.yaml");
        assertThat(files.remote(tmp.resolve("out/./run-1/../run-1"))).isEqualTo(tmp.resolve("cluster") + "/run-1");
        assertThatThrownBy(() -> files.remote(tmp.resolve("elsewhere/x")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not inside");
    }

    @Test
    void an_unchanged_file_is_not_copied_again_and_the_growing_progress_file_gets_only_its_tail() throws Exception {
        Files.writeString(remote.resolve("manifest.json"), "{}");
        Files.writeString(remote.resolve("events.jsonl"), "one\n");
        files.pull(results, false);
        assertThat(cluster.downloads).containsExactlyInAnyOrder("manifest.json@0", "events.jsonl@0");

        cluster.downloads.clear();
        files.pull(results, false);
        assertThat(cluster.downloads).as("nothing changed").isEmpty();

        Files.writeString(remote.resolve("events.jsonl"), "one\ntwo\n");
        files.pull(results, false);
        assertThat(cluster.downloads).containsExactly("events.jsonl@4");
        assertThat(Files.readString(results.resolve("events.jsonl"))).isEqualTo("one\ntwo\n");
    }

    @Test
    void a_bundle_is_copied_once_and_temp_folders_never() throws Exception {
        Path bundle = Files.createDirectories(remote.resolve("w-0001"));
        Files.writeString(bundle.resolve("result.json"), "{}");
        Files.writeString(Files.createDirectories(remote.resolve(".tmp-w-0002-x")).resolve("result.json"), "{");
        files.pull(results, false);
        assertThat(results.resolve("w-0001/result.json")).exists();
        assertThat(results.resolve(".tmp-w-0002-x")).doesNotExist();

        cluster.listed.clear();
        files.pull(results, false);
        assertThat(cluster.listed).as("only the job's folder is listed again").containsExactly(remote.toString());
        files.pull(results, true);
        assertThat(cluster.listed).as("the last pull checks everything").contains(bundle.toString());
    }

    @Test
    void a_rewritten_file_that_looks_unchanged_is_copied_by_the_complete_pull() throws Exception {
        Path manifest = remote.resolve("manifest.json");
        Files.writeString(manifest, "{\"s\":\"pending\"}");
        FileTime second = Files.getLastModifiedTime(manifest);
        files.pull(results, false);
        Files.writeString(manifest, "{\"s\":\"running\"}"); // same size, within the same second
        Files.setLastModifiedTime(manifest, second);
        files.pull(results, false);
        assertThat(results.resolve("manifest.json")).hasContent("{\"s\":\"pending\"}");
        files.pull(results, true);
        assertThat(results.resolve("manifest.json")).hasContent("{\"s\":\"running\"}");
    }

    @Test
    void a_single_file_is_pulled_too() throws Exception {
        Path out = tmp.resolve("out/run-1/cluster/jobs/g000-a1/slurm.out");
        Files.writeString(Path.of(files.remote(out)), "worker exited 3\n");
        files.pull(out, true);
        assertThat(out).hasContent("worker exited 3");
    }
}
