package io.joulebench.core.executor.slurm;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Slurm run's job events in the run's events file ({@code job_submitted}, {@code job_state}, {@code job_progress},
 * {@code job_merged}): the text of each line, and reading a job's state back from an event, so a view that follows
 * the folder shows each job as the coordinator saw it. Lines carry the job id as {@code job <id>: …}; the
 * workbench's coordinator adds the state as fields ({@code job_id}, {@code group}, {@code state}, {@code node},
 * {@code reason}, {@code credited}, {@code cells}); a line without them (the CLI's) is read from its text.
 */
public final class JobEvents {

    public static final String SUBMITTED = "job_submitted";
    public static final String STATE = "job_state";
    public static final String PROGRESS = "job_progress";
    public static final String MERGED = "job_merged";

    private static final Pattern ID = Pattern.compile("^job (\\S+?)(?: \\(([^)]*)\\))?: (.*)$");
    private static final Pattern STATE_TEXT = Pattern.compile("^([A-Z_]+)(?: on (\\S+))?$");
    private static final Pattern CREDITED = Pattern.compile(", (\\d+)/(\\d+) levels? credited$");
    private static final Pattern GROUP = Pattern.compile("session group (\\d+)");
    private static final Pattern ENDED = Pattern.compile("ended ([A-Z_]+)(?: on (\\S+))?");

    private JobEvents() {
    }

    /** What one event says about its job; null fields are not said by it. */
    public record JobEvent(String event, String jobId, Integer group, String state, String node, String reason,
                           Integer credited, Integer cells) {
    }

    /** The line of a submitted (or reattached) job. */
    public static String submittedLine(int group, String jobId, String jobName, boolean reattached) {
        return "job " + jobId + " (" + jobName + "): " + (reattached
                ? "reattached, still queued or running" : "submitted for session group " + group);
    }

    /** The line of a state change: {@code job 812: RUNNING on gpu07}. */
    public static String stateLine(String jobId, JobStatus s) {
        return "job " + jobId + ": " + s.state() + (s.node() != null && !s.node().isBlank()
                && s.active() && !s.state().equals("PENDING") ? " on " + s.node() : "");
    }

    /** The line of a merged job: {@code job 812: done, 3/3 levels credited}, or the scheduler's sentence. */
    public static String mergedLine(String jobId, JobStatus s, int credited, int cells) {
        return "job " + jobId + ": " + (s.completed() ? "done" : s.describe(jobId)) + ", " + credited + "/" + cells
                + " level" + (cells == 1 ? "" : "s") + " credited";
    }

    /**
     * A job listener that writes these events, with their fields, through {@code sink} (event name, line, fields
     * as alternating key/value pairs).
     */
    public static JobListener writer(Sink sink) {
        return new JobListener() {
            @Override
            public void jobSubmitted(int group, String jobId, String name, boolean reattached) {
                sink.event(SUBMITTED, submittedLine(group, jobId, name, reattached), "job_id", jobId, "group", group,
                        "state", reattached ? null : "PENDING");
            }

            @Override
            public void jobState(int group, String jobId, JobStatus s) {
                sink.event(STATE, stateLine(jobId, s), "job_id", jobId, "group", group, "state", s.state(), "node",
                        s.node(), "reason", s.reason());
            }

            @Override
            public void jobProgress(int group, String jobId, String line) {
                sink.event(PROGRESS, "job " + jobId + ": " + line, "job_id", jobId, "group", group);
            }

            @Override
            public void jobMerged(int group, String jobId, JobStatus s, int credited, int cells) {
                sink.event(MERGED, mergedLine(jobId, s, credited, cells), "job_id", jobId, "group", group, "state",
                        s.completed() ? "COMPLETED" : s.state(), "node", s.node(), "reason",
                        s.completed() ? null : s.describe(jobId), "credited", credited, "cells", cells);
            }
        };
    }

    /** Where {@link #writer} puts an event. */
    @FunctionalInterface
    public interface Sink {
        void event(String event, String line, Object... fields);
    }

    /** What a job event says; empty for other events. Fields win over the line's text. */
    public static Optional<JobEvent> read(JsonNode n) {
        String event = n.path("event").asText();
        if (!event.equals(SUBMITTED) && !event.equals(STATE) && !event.equals(PROGRESS) && !event.equals(MERGED)) {
            return Optional.empty();
        }
        String line = n.path("line").asText("");
        Matcher m = ID.matcher(line);
        String jobId = text(n, "job_id");
        String rest = "";
        if (m.matches()) {
            jobId = jobId != null ? jobId : m.group(1);
            rest = m.group(3);
        }
        if (jobId == null) {
            return Optional.empty();
        }
        Integer group = n.hasNonNull("group") ? Integer.valueOf(n.get("group").asInt()) : null;
        String state = text(n, "state");
        String node = text(n, "node");
        String reason = text(n, "reason");
        Integer credited = n.hasNonNull("credited") ? Integer.valueOf(n.get("credited").asInt()) : null;
        Integer cells = n.hasNonNull("cells") ? Integer.valueOf(n.get("cells").asInt()) : null;
        switch (event) {
            case SUBMITTED -> {
                Matcher g = GROUP.matcher(rest);
                if (group == null && g.find()) {
                    group = Integer.valueOf(g.group(1));
                }
                if (state == null && !n.has("state") && rest.startsWith("submitted")) {
                    state = "PENDING";
                }
            }
            case STATE -> {
                Matcher s = STATE_TEXT.matcher(rest);
                if (state == null && s.matches()) {
                    state = s.group(1);
                    node = node != null ? node : s.group(2);
                }
            }
            case MERGED -> {
                Matcher c = CREDITED.matcher(rest);
                String said = rest;
                if (c.find()) {
                    credited = credited != null ? credited : Integer.valueOf(c.group(1));
                    cells = cells != null ? cells : Integer.valueOf(c.group(2));
                    said = rest.substring(0, c.start());
                }
                if (state == null) {
                    Matcher e = ENDED.matcher(said);
                    if (said.equals("done")) {
                        state = "COMPLETED";
                    } else if (e.find()) {
                        state = e.group(1);
                        node = node != null ? node : e.group(2);
                        reason = reason != null ? reason : said;
                    }
                }
            }
            default -> {
            }
        }
        return Optional.of(new JobEvent(event, jobId, group, state == null ? null : state.toUpperCase(Locale.ROOT),
                node, reason, credited, cells));
    }

    private static String text(JsonNode n, String key) {
        return n.hasNonNull(key) ? n.get(key).asText() : null;
    }
}
