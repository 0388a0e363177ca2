package io.joulebench.core.executor.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JobEventsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode line(String event, String line) {
        ObjectNode n = JSON.createObjectNode();
        n.put("event", event);
        n.put("line", line);
        return n;
    }

    @Test
    void the_clis_job_lines_are_read_back_from_their_text() {
        // a cluster run started in a terminal writes lines only; the followed view reads each job's state from them
        var submitted = JobEvents.read(line(JobEvents.SUBMITTED,
                "job 812 (joulebench-quick-g1): submitted for session group 1")).orElseThrow();
        assertThat(submitted.jobId()).isEqualTo("812");
        assertThat(submitted.group()).isEqualTo(1);
        assertThat(submitted.state()).isEqualTo("PENDING");
        var running = JobEvents.read(line(JobEvents.STATE, "job 812: RUNNING on gpu07")).orElseThrow();
        assertThat(running.state()).isEqualTo("RUNNING");
        assertThat(running.node()).isEqualTo("gpu07");
        var failed = JobEvents.read(line(JobEvents.MERGED, "job 812: Slurm job 812 ended TIMEOUT on gpu07"
                + " (exit code 0, signal 15): TimeLimit, 1/3 levels credited")).orElseThrow();
        assertThat(failed.state()).isEqualTo("TIMEOUT");
        assertThat(failed.credited()).isEqualTo(1);
        assertThat(failed.cells()).isEqualTo(3);
        assertThat(failed.reason()).contains("ended TIMEOUT on gpu07", "TimeLimit");
        var done = JobEvents.read(line(JobEvents.MERGED, "job 813: done, 1/1 level credited")).orElseThrow();
        assertThat(done.state()).isEqualTo("COMPLETED");
        assertThat(done.credited()).isEqualTo(1);
        assertThat(JobEvents.read(line("window_closed", "job 1: x"))).isEmpty();
    }

    @Test
    void the_writer_says_the_same_lines_with_the_state_as_fields() {
        List<JsonNode> written = new ArrayList<>();
        JobListener writer = JobEvents.writer((event, text, fields) -> {
            ObjectNode n = JSON.createObjectNode();
            n.put("event", event);
            n.put("line", text);
            for (int i = 0; i + 1 < fields.length; i += 2) {
                if (fields[i + 1] != null) {
                    n.set((String) fields[i], JSON.valueToTree(fields[i + 1]));
                }
            }
            written.add(n);
        });
        writer.jobSubmitted(0, "7", "joulebench-q-g0", false);
        writer.jobState(0, "7", new JobStatus("RUNNING", "None", null, 0, "vm1"));
        writer.jobMerged(0, "7", new JobStatus("FAILED", "NonZeroExitCode", 3, 0, "vm1"), 0, 2);

        assertThat(written).extracting(n -> n.path("line").asText()).containsExactly(
                "job 7 (joulebench-q-g0): submitted for session group 0", "job 7: RUNNING on vm1",
                "job 7: Slurm job 7 ended FAILED on vm1 (exit code 3): NonZeroExitCode, 0/2 levels credited");
        var merged = JobEvents.read(written.get(2)).orElseThrow();
        assertThat(merged.state()).isEqualTo("FAILED");
        assertThat(merged.reason()).isEqualTo("Slurm job 7 ended FAILED on vm1 (exit code 3): NonZeroExitCode");
        assertThat(merged.cells()).isEqualTo(2);
    }
}
