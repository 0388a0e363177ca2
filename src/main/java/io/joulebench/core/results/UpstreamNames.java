package io.joulebench.core.results;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Upstream's folder names (llenergymeasure 0.7), used only by the upstream export: native folders keep
 * {@link ResultsFolder}'s study name and {@code WindowIds}' bundle names (decision 0017).
 * <ul>
 * <li>study: {@code {study_name}_{UTC %Y-%m-%dT%H-%M-%S}} ({@code study/manifest.py create_study_dir}; "study" when
 * unnamed);</li>
 * <li>bundle: {@code {index:03d}_c{cycle}_{model_short}-{engine}_{hash[:8]}} ({@code results/persistence.py
 * _experiment_dir_name}: model_short is the part after the last {@code /}; in the slug spaces become {@code _},
 * {@code /} and {@code :} become {@code -}; the slug is cut at 120 characters), then {@code _1}, {@code _2} …
 * for the later windows of one cell ({@code _find_collision_free_dir}).</li>
 * </ul>
 */
public final class UpstreamNames {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss")
            .withZone(ZoneOffset.UTC);
    private static final int MAX_SLUG = 120;

    private UpstreamNames() {
    }

    public static String study(String studyName, Instant created) {
        String prefix = studyName == null || studyName.isEmpty() ? "study" : studyName;
        if (prefix.contains("/") || prefix.contains("\\") || prefix.equals(".") || prefix.equals("..")) {
            prefix = ResultsFolder.safeName(prefix); // upstream would fail to make such a folder; keep one segment
        }
        return prefix + "_" + STAMP.format(created);
    }

    /** A cell's bundle name; {@code index} is 1-based, {@code collision} 0 for the first window, then 1, 2 … */
    public static String bundle(int index, int cycle, String model, String engine, String configHash,
                                int collision) {
        String modelShort = model.substring(model.lastIndexOf('/') + 1);
        String slug = (modelShort + "-" + engine).replace(" ", "_").replace("/", "-").replace(":", "-");
        if (slug.length() > MAX_SLUG) {
            slug = slug.substring(0, MAX_SLUG);
        }
        String hash = configHash.length() > 8 ? configHash.substring(0, 8) : configHash;
        String base = String.format("%03d_c%d_%s_%s", index, cycle, slug, hash);
        return collision == 0 ? base : base + "_" + collision;
    }
}
