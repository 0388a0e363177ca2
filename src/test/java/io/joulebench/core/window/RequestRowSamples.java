package io.joulebench.core.window;

import io.joulebench.core.traffic.CompletionResult;
import io.joulebench.core.traffic.RequestRecord;
import io.joulebench.core.traffic.RequestStatus;
import io.joulebench.core.traffic.RequestWorkload;
import io.joulebench.core.traffic.SessionTurn;
import io.joulebench.core.traffic.TokenTimes;
import java.util.List;

/**
 * Request rows that between them fill and empty every {@link RequestColumns} column: nulls and values, a retry, a
 * conversation turn, a workload's asks, text with commas, quotes, line breaks, formulas and non-ASCII, a text longer
 * than 64 KiB, receipts that step back, and a timeout never dispatched. Request indices are 0 to 4, in order.
 */
public final class RequestRowSamples {

    private RequestRowSamples() {
    }

    public static List<RequestLogRow> varied(int level) {
        long s = 1_000_000_000_000L;
        RequestRecord plain = new RequestRecord(0, s, s + 1, s + 900_000_123L, RequestStatus.OK, null,
                new CompletionResult(null, new long[] {s + 100_000_000L, s + 100_000_007L, s + 400_000_000L}, 12, 3,
                        "stop"));
        RequestRecord everything = new RequestRecord(1, s + 5, s + 6, s + 2_000_000_000L, RequestStatus.OK, null,
                new CompletionResult(null, TokenTimes.of(s + 50, s + 40, s + 1_999_999_999L), -3, 7, "länge, \"x\"",
                        s + 7, null, 0.5, 4),
                null, new RequestWorkload(128, 32, 16, new SessionTurn(9, 2, 3, s - 5)));
        RequestRecord failed = new RequestRecord(2, s + 10, s + 10, s + 20, RequestStatus.ERROR,
                "=HYPERLINK(\"x\")\r\nline two, with a comma", new CompletionResult(null, new long[0], null, null,
                        "-x"));
        RequestRecord longText = new RequestRecord(3, s + 30, null, s + 40, RequestStatus.ERROR, "e".repeat(70_000),
                new CompletionResult(null, new long[] {s + 35}, 0, 0, null), null,
                new RequestWorkload(1, null, null));
        RequestRecord timedOut = new RequestRecord(4, 3, null, null, RequestStatus.TIMEOUT, "gone",
                CompletionResult.EMPTY);
        return List.of(new RequestLogRow(plain, level, 0, true, false, false),
                new RequestLogRow(everything, level, 0, true, false, true),
                new RequestLogRow(failed, level, 0, false, true, false),
                new RequestLogRow(longText, level, 0, true, false, false),
                new RequestLogRow(timedOut, level, 0, false, false, false));
    }
}
