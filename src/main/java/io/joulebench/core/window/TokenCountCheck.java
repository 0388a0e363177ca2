package io.joulebench.core.window;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compares the server's {@code usage.completion_tokens} with the client's streamed deltas per window (issue 20) and
 * warns, once per level, when they differ by more than {@value #TOLERANCE_PERCENT} %: J/token counts the client's
 * deltas (upstream's {@code client_streamed_deltas}), and a server that sends several tokens per delta (speculative
 * decoding, bytes held back until a character is whole) makes that count low. The ratio itself is in windows.csv and
 * result.json ({@code server_reported_client_token_ratio}).
 */
final class TokenCountCheck {

    private static final Logger LOG = LoggerFactory.getLogger(TokenCountCheck.class);
    static final int TOLERANCE_PERCENT = 5;

    private boolean warned;

    /** True when the ratio is known and off by more than the tolerance; the first such window of a level warns. */
    boolean check(WindowRecord record) {
        Double ratio = record.metrics() == null ? null : record.metrics().serverReportedClientTokenRatio();
        if (!diverges(ratio)) {
            return false;
        }
        if (!warned) {
            warned = true;
            LOG.warn("level {} window {}: over its completed requests the server reported {} times as many output "
                            + "tokens (usage.completion_tokens) as the client counted streamed deltas; J/token counts "
                            + "the deltas, so it is {} by that factor if the server's count is right (several tokens "
                            + "per delta: speculative decoding, bytes held back until a character is whole)",
                    record.levelIndex(), record.windowIndex(), String.format(java.util.Locale.ROOT, "%.3f", ratio),
                    ratio > 1 ? "high" : "low");
        }
        return true;
    }

    static boolean diverges(Double ratio) {
        return ratio != null && Math.abs(ratio - 1.0) * 100 > TOLERANCE_PERCENT;
    }
}
