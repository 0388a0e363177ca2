package io.joulebench.app.editor;

import io.joulebench.app.fx.Formats;
import io.joulebench.core.traffic.trace.TraceProfile;
import java.util.List;

/** The words beside the trace preview's charts: what the slice holds and at which time scale it is drawn. */
final class TracePreviewText {

    private TracePreviewText() {
    }

    /**
     * "120 rows of mooncake t.jsonl · 60 s at time_scale 2 (of 1, 2) · mean 2 req/s, peak 5 req/s" on one line, the
     * shareable prefix share on the next.
     */
    static String caption(TraceProfile p, List<Double> scales) {
        double peak = 0;
        for (double r : p.ratePerBin()) {
            peak = Math.max(peak, r);
        }
        String at = "time_scale " + Formats.trim(p.timeScale()) + (scales.size() > 1 ? " (of "
                + String.join(", ", scales.stream().map(Formats::trim).toList()) + ")" : "");
        String first = String.join(" · ", p.summary().describe(),
                Formats.number(p.replaySeconds(), 1) + " s at " + at,
                "mean " + Formats.rate(p.meanRate()) + ", peak " + Formats.rate(peak));
        return first + "\n" + sharedText(p);
    }

    /** The shareable prefix share, or why there is none. */
    static String sharedText(TraceProfile p) {
        if (!p.summary().hasInputLengths()) {
            return "No input lengths in this trace: prompts come from the dataset as they are";
        }
        if (!p.summary().hasHashIds()) {
            return "Shareable prefix: none known (no hash_ids in this format)";
        }
        return "Shareable prefix: " + Formats.percent(p.sharedShare()) + " of prompt tokens repeat an earlier"
                + " request's leading blocks";
    }

    /** A histogram bin's label: its lower edge in tokens, "+" on the last. */
    static String binLabel(TraceProfile.Histogram h, int i) {
        return Formats.number(i * h.width(), 0) + (i == h.counts().length - 1 ? "+" : "");
    }
}
