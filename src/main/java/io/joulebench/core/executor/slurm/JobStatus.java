package io.joulebench.core.executor.slurm;

import java.util.Set;

/**
 * A Slurm job's state as the scheduler reports it ({@code squeue}, {@code sacct}, or {@code scontrol show job}).
 *
 * @param state    {@code PENDING}, {@code RUNNING}, {@code COMPLETED}, {@code FAILED}, {@code TIMEOUT},
 *                 {@code NODE_FAIL}, {@code OUT_OF_MEMORY}, {@code PREEMPTED}, {@code CANCELLED}, …
 * @param reason   the scheduler's reason ({@code None} when it gives none)
 * @param exitCode the batch script's exit code; null when not known yet
 * @param signal   the signal that ended it, 0 when none
 * @param node     where it runs or ran; null while pending
 */
public record JobStatus(String state, String reason, Integer exitCode, int signal, String node) {

    private static final Set<String> ACTIVE = Set.of("PENDING", "RUNNING", "CONFIGURING", "COMPLETING", "SUSPENDED",
            "REQUEUED", "REQUEUE_HOLD", "REQUEUE_FED", "RESIZING", "SIGNALING", "STAGE_OUT", "STOPPED",
            "RESV_DEL_HOLD", "SPECIAL_EXIT");

    public JobStatus {
        // sacct writes "CANCELLED by 0"; the state is the first word
        state = state == null ? "UNKNOWN" : state.strip().split("\\s+")[0].replace("+", "");
    }

    public boolean active() {
        return ACTIVE.contains(state);
    }

    public boolean completed() {
        return state.equals("COMPLETED") && (exitCode == null || exitCode == 0);
    }

    /**
     * The cells' failure type when the job ended without crediting them: the scheduler's state ({@code TIMEOUT},
     * {@code NODE_FAIL}, {@code OUT_OF_MEMORY}, {@code PREEMPTED}, {@code CANCELLED}, {@code FAILED}).
     */
    public String failureType() {
        return state;
    }

    /** One sentence for the manifest: {@code Slurm job 12 ended TIMEOUT on vm (exit code 0, signal 15)}. */
    public String describe(String jobId) {
        StringBuilder s = new StringBuilder("Slurm job ").append(jobId).append(" ended ").append(state);
        if (node != null && !node.isBlank() && !node.equals("(null)")) {
            s.append(" on ").append(node);
        }
        if (exitCode != null && (exitCode != 0 || signal != 0)) {
            s.append(" (exit code ").append(exitCode);
            if (signal != 0) {
                s.append(", signal ").append(signal);
            }
            s.append(')');
        }
        if (reason != null && !reason.isBlank() && !reason.equals("None") && !reason.equals(state)) {
            s.append(": ").append(reason);
        }
        return s.toString();
    }

    /** Parses Slurm's {@code EXIT:SIGNAL} exit code field into this status's two figures. */
    static int[] exitAndSignal(String field) {
        if (field == null || field.isBlank()) {
            return null;
        }
        String[] parts = field.strip().split(":");
        try {
            return new int[] {Integer.parseInt(parts[0]), parts.length > 1 ? Integer.parseInt(parts[1]) : 0};
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
