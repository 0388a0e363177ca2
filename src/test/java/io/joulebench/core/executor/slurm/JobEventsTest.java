package io.joulebench.core.executor.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.event.RecordedEvent;
import io.joulebench.core.event.RunEvent;
import io.joulebench.core.event.RunEventCodec;
import io.joulebench.core.event.RunEventText;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JobEventsTest {

    private static List<RunEvent.Job> written() {
        List<RunEvent.Job> written = new ArrayList<>();
        JobListener writer = JobEvents.writer(written::add);
        writer.jobSubmitted(0, "7", "joulebench-q-g0", false);
        writer.jobState(0, "7", new JobStatus("RUNNING", "None", null, 0, "vm1"));
        writer.jobProgress(0, "7", "level 1/2 at 4 req/s, ETA 1m00s: started");
        writer.jobMerged(0, "7", new JobStatus("FAILED", "NonZeroExitCode", 3, 0, "vm1"), 0, 2);
        writer.jobSubmitted(1, "8", "joulebench-q-g1", true);
        writer.jobState(1, "8", new JobStatus("PENDING", "Priority", null, 0, "vm2"));
        writer.jobMerged(1, "8", new JobStatus("COMPLETED", null, 0, 0, "vm2"), 1, 1);
        return written;
    }

    @Test
    void the_job_lines_are_rendered_from_the_records() {
        assertThat(written()).extracting(RunEventText::line).containsExactly(
                "job 7 (joulebench-q-g0): submitted for session group 0", "job 7: RUNNING on vm1",
                "job 7: level 1/2 at 4 req/s, ETA 1m00s: started",
                "job 7: Slurm job 7 ended FAILED on vm1 (exit code 3): NonZeroExitCode, 0/2 levels credited",
                "job 8 (joulebench-q-g1): reattached, still queued or running", "job 8: PENDING",
                "job 8: done, 1/1 level credited");
    }

    @Test
    void a_job_record_reads_back_from_its_events_line_as_it_was_written() {
        for (RunEvent.Job job : written()) {
            String line = RunEventCodec.write(new RecordedEvent(null, RunEventText.line(job), job));
            assertThat(line).contains("\"event\":\"" + job.kind() + "\"").doesNotContain("\"kind\"");
            RecordedEvent back = RunEventCodec.read(line).orElseThrow();
            assertThat(back.event()).isEqualTo(job);
            assertThat(back.line()).isEqualTo(RunEventText.line(job));
        }
        RunEvent.Job merged = written().get(3);
        assertThat(merged.state()).isEqualTo("FAILED");
        assertThat(merged.reason()).isEqualTo("Slurm job 7 ended FAILED on vm1 (exit code 3): NonZeroExitCode");
        assertThat(merged.cells()).isEqualTo(2);
    }
}
