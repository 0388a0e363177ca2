package io.joulebench.core.executor.slurm;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Slurm through its own commands: {@code sbatch --parsable} to submit; {@code squeue} while a job is queued or
 * running, then {@code sacct} where the cluster keeps accounting and {@code scontrol show job -o} where it does not
 * (it keeps a finished job for {@code MinJobAge} seconds); {@code scancel} to cancel.
 */
public final class SlurmCli implements BatchScheduler {

    private static final Pattern FIELD = Pattern.compile("(?:^|\\s)([A-Za-z/:_]+)=(\\S*)");

    private final CommandRunner commands;
    private Boolean accounting;

    public SlurmCli(CommandRunner commands) {
        this.commands = commands;
    }

    @Override
    public String submit(List<String> sbatchArgs, String script) throws IOException {
        List<String> argv = new ArrayList<>(List.of("sbatch", "--parsable"));
        argv.addAll(sbatchArgs);
        argv.add(script);
        CommandRunner.Result r = commands.run(argv);
        String out = r.stdout().strip();
        if (r.exitCode() != 0 || out.isEmpty()) {
            throw new IOException("sbatch refused the job: " + firstLine(r.stderr().isBlank() ? out : r.stderr()));
        }
        String last = out.lines().reduce((a, b) -> b).orElse(out).strip();
        String id = last.split(";")[0];
        if (!id.matches("\\d+(_\\d+)?")) {
            throw new IOException("sbatch printed no job id: " + firstLine(out));
        }
        return id;
    }

    @Override
    public Optional<JobStatus> status(String jobId) throws IOException {
        CommandRunner.Result q = commands.run(List.of("squeue", "-h", "-j", jobId, "-o", "%T|%r|%N"));
        if (q.exitCode() == 0 && !q.stdout().isBlank()) {
            String[] f = firstLine(q.stdout()).split("\\|", -1);
            JobStatus s = new JobStatus(f[0], f.length > 1 ? f[1] : null, null, 0, f.length > 2 ? f[2] : null);
            if (s.active()) {
                return Optional.of(s);
            }
        }
        if (!Boolean.FALSE.equals(accounting)) {
            Optional<JobStatus> s = fromSacct(jobId);
            if (s.isPresent()) {
                return s;
            }
        }
        return fromScontrol(jobId);
    }

    private Optional<JobStatus> fromSacct(String jobId) throws IOException {
        CommandRunner.Result r = commands.run(List.of("sacct", "-n", "-P", "-X", "-j", jobId, "-o",
                "State,ExitCode,Reason,NodeList"));
        if (r.exitCode() != 0 || r.stderr().contains("accounting storage is disabled")
                || r.stdout().contains("accounting storage is disabled")) {
            accounting = false;
            return Optional.empty();
        }
        accounting = true;
        if (r.stdout().isBlank()) {
            return Optional.empty();
        }
        String[] f = firstLine(r.stdout()).split("\\|", -1);
        int[] es = JobStatus.exitAndSignal(f.length > 1 ? f[1] : null);
        return Optional.of(new JobStatus(f[0], f.length > 2 ? f[2] : null, es == null ? null : es[0],
                es == null ? 0 : es[1], f.length > 3 ? f[3] : null));
    }

    private Optional<JobStatus> fromScontrol(String jobId) throws IOException {
        CommandRunner.Result r = commands.run(List.of("scontrol", "show", "job", "-o", jobId));
        if (r.exitCode() != 0 || r.stdout().isBlank()) {
            return Optional.empty(); // "Invalid job id specified": the controller has forgotten it
        }
        return Optional.of(parseScontrol(firstLine(r.stdout())));
    }

    /** One line of {@code scontrol show job -o}. */
    static JobStatus parseScontrol(String line) {
        Map<String, String> fields = new HashMap<>();
        Matcher m = FIELD.matcher(line);
        while (m.find()) {
            fields.putIfAbsent(m.group(1), m.group(2));
        }
        int[] es = JobStatus.exitAndSignal(fields.get("ExitCode"));
        return new JobStatus(fields.get("JobState"), fields.get("Reason"), es == null ? null : es[0],
                es == null ? 0 : es[1], fields.get("NodeList"));
    }

    @Override
    public void cancel(String jobId) throws IOException {
        CommandRunner.Result r = commands.run(List.of("scancel", jobId));
        if (r.exitCode() != 0 && !r.stderr().contains("already completing or completed")
                && !r.stderr().contains("Invalid job id")) {
            throw new IOException("scancel " + jobId + " failed: " + firstLine(r.stderr()));
        }
    }

    private static String firstLine(String s) {
        return s.strip().lines().findFirst().orElse("").strip();
    }
}
