package io.joulebench.core.traffic.trace;

import io.joulebench.core.traffic.TraceFormatException;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;

/**
 * The Azure LLM inference traces (Azure/AzurePublicDataset, {@code AzureLLMInferenceTrace_*}): CSV
 * {@code TIMESTAMP,ContextTokens,GeneratedTokens}. The 2023 files write {@code 2023-11-16 18:15:46.6805900} (seven
 * fractional digits, no offset: read as UTC), the 2024 files {@code 2024-05-10 00:00:00.0090000+00:00}.
 */
final class AzureLines implements TraceLines {

    static final String TIMESTAMP = "TIMESTAMP";
    static final String CONTEXT = "ContextTokens";
    static final String GENERATED = "GeneratedTokens";
    private static final DateTimeFormatter TIME = new DateTimeFormatterBuilder()
            .appendPattern("uuuu-MM-dd HH:mm:ss")
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
            .optionalStart().appendOffset("+HH:MM", "Z").optionalEnd()
            .toFormatter();

    private final Path file;
    private final int[] at;

    AzureLines(Path file, int line, String header) throws TraceFormatException {
        this.file = file;
        this.at = TraceFields.columns(file, line, TraceFields.cells(header), "azure", TIMESTAMP, CONTEXT, GENERATED);
    }

    @Override
    public TraceLine parse(String line, int n) throws TraceFormatException {
        String[] cells = TraceFields.cells(line);
        String time = TraceFields.cell(file, n, cells, at[0], TIMESTAMP);
        int input = TraceFields.tokens(file, n, CONTEXT, TraceFields.cell(file, n, cells, at[1], CONTEXT));
        int output = TraceFields.tokens(file, n, GENERATED, TraceFields.cell(file, n, cells, at[2], GENERATED));
        return TraceLine.row(epochSeconds(time, n), time, input, output, null);
    }

    private double epochSeconds(String text, int n) throws TraceFormatException {
        try {
            TemporalAccessor t = TIME.parse(text);
            ZoneOffset offset = t.isSupported(ChronoField.OFFSET_SECONDS)
                    ? ZoneOffset.ofTotalSeconds(t.get(ChronoField.OFFSET_SECONDS)) : ZoneOffset.UTC;
            long seconds = java.time.LocalDateTime.from(t).toEpochSecond(offset);
            return seconds + t.getLong(ChronoField.NANO_OF_SECOND) / 1e9;
        } catch (java.time.DateTimeException e) {
            throw new TraceFormatException(file, n, TIMESTAMP + " '" + text + "' is not a time like "
                    + "2023-11-16 18:15:46.6805900 or 2024-05-10 00:00:00.0090000+00:00");
        }
    }
}
