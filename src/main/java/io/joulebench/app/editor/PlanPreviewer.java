package io.joulebench.app.editor;

import io.joulebench.core.executor.slurm.SlurmProfile;
import io.joulebench.core.study.ClusterWallTime;
import io.joulebench.core.study.ExecutionConfig;
import io.joulebench.core.study.ExperimentOrder;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.study.TrafficConfig;
import io.joulebench.core.traffic.ArrivalSchedule;
import io.joulebench.core.traffic.ScheduleSpec;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/** Computes a {@link PlanPreview} from a validated study, through the same {@link StudyPlan} the CLI shows. */
public final class PlanPreviewer {

    /** Gaps drawn for the arrival histogram. */
    static final int PREVIEW_GAPS = 2000;
    static final int BINS = 12;
    /** The histogram spans gaps up to this many mean gaps. */
    static final double SPAN_IN_MEAN_GAPS = 4;

    private PlanPreviewer() {
    }

    /** @param selectedRate the rate whose arrivals to preview; NaN for the plan's first rate */
    public static PlanPreview preview(Study study, double selectedRate) {
        return preview(study, selectedRate, null);
    }

    /**
     * The same, with the estimate on a cluster when {@code clusterProfile} (the user's {@code cluster.yaml}) is
     * given; reads that file, so call it off the UI thread.
     */
    public static PlanPreview preview(Study study, double selectedRate, Path clusterProfile) {
        PlanPreview local = local(study, selectedRate);
        if (clusterProfile == null) {
            return local;
        }
        ClusterWallTime cluster = null;
        String note = "";
        try {
            SlurmProfile profile = SlurmProfile.read(clusterProfile);
            cluster = ClusterWallTime.of(StudyPlan.of(study), profile.maxParallelJobs());
            if (!java.nio.file.Files.isRegularFile(clusterProfile)) {
                note = "no " + clusterProfile + " yet: the cluster's defaults apply";
            }
        } catch (SlurmProfile.ProfileException e) {
            note = e.getMessage();
        }
        return new PlanPreview(local.order(), local.launches(), local.launchesByOrder(), local.levels(),
                local.totalWindows(), local.estimate(), local.orderHint(), local.arrival(), cluster, note);
    }

    private static PlanPreview local(Study study, double selectedRate) {
        StudyPlan plan = StudyPlan.of(study);
        ExperimentOrder current = study.execution().order();
        Map<ExperimentOrder, Integer> byOrder = new EnumMap<>(ExperimentOrder.class);
        for (ExperimentOrder order : ExperimentOrder.values()) {
            byOrder.put(order, order == current ? plan.launches() : StudyPlan.of(withOrder(study, order)).launches());
        }
        int levels = 0;
        ResolvedCell chosen = null;
        for (ResolvedCell cell : plan.cells()) {
            if (cell.isServer()) {
                levels++;
                Double rate = cell.rate();
                if (chosen == null && rate != null && (Double.isNaN(selectedRate) || rate == selectedRate)) {
                    chosen = cell;
                }
            }
        }
        return new PlanPreview(current, plan.launches(), byOrder, levels, plan.totalWindows(), plan.estimate(),
                hint(current, plan.launches(), byOrder), chosen == null ? null : arrival(chosen));
    }

    /** The study as if it ran in {@code order}; the shuffle seed stays the design hash, as in a real run. */
    static Study withOrder(Study study, ExperimentOrder order) {
        ExecutionConfig e = study.execution();
        ExecutionConfig changed = e.withOrder(order);
        return new Study(study.fileName(), study.source(), study.studyDir(), study.studyName(), study.designHash(), study.document(),
                changed, study.cells(), study.notes(), study.warnings());
    }

    private static String hint(ExperimentOrder current, int launches, Map<ExperimentOrder, Integer> byOrder) {
        ExperimentOrder best = current;
        for (ExperimentOrder order : ExperimentOrder.values()) {
            if (byOrder.get(order) < byOrder.get(best)) {
                best = order;
            }
        }
        if (best == current) {
            return "";
        }
        int fewer = byOrder.get(best);
        return "experiment_order: " + best.wire() + " would need " + fewer + " launch" + (fewer == 1 ? "" : "es")
                + " instead of " + launches;
    }

    static ArrivalPreview arrival(ResolvedCell cell) {
        TrafficConfig t = cell.experiment().server().traffic();
        double burstiness = t.burstiness() == null ? ScheduleSpec.DEFAULT_BURSTINESS : t.burstiness();
        // No seed in the study means a new schedule each run; the preview still draws a fixed one to stay steady.
        Long seed = t.seed() == null ? 0L : t.seed();
        ArrivalSchedule schedule = ArrivalSchedule.build(
                ScheduleSpec.ofCount(t.rate(), t.arrival(), burstiness, seed, PREVIEW_GAPS));
        double width = SPAN_IN_MEAN_GAPS / t.rate() / BINS;
        int[] counts = new int[BINS];
        for (double gap : schedule.interarrivals()) {
            counts[Math.min(BINS - 1, (int) (gap / width))]++;
        }
        return new ArrivalPreview(t.rate(), t.arrival().name().toLowerCase(java.util.Locale.ROOT),
                schedule.count(), width, counts, schedule.sampledCv(), schedule.sampledGammaShapeK(),
                cell.ratesSessions());
    }
}
