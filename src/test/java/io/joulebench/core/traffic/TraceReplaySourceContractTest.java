package io.joulebench.core.traffic;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.io.TempDir;

/** The trace source passes the same contract, fed from a real CSV file. */
class TraceReplaySourceContractTest extends TrafficSourceContract {

    @TempDir
    Path dir;

    @Override
    protected TrafficSource newSource(int count, Integer concurrencyCap, RequestListener listener) {
        StringBuilder csv = new StringBuilder("offset_s,output_tokens\n");
        for (int i = 0; i < count; i++) {
            csv.append(String.format(Locale.ROOT, "%.6f,%d%n", (i + 1) / 200.0, 8));
        }
        try {
            Path file = Files.writeString(dir.resolve("trace-" + count + ".csv"), csv);
            return TraceReplaySource.builder().traceCsv(file).shapes(FakeTransports.SHAPES)
                    .concurrencyCap(concurrencyCap).listener(listener)
                    .retainRecords(listener == RequestListener.NONE).build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (TraceFormatException e) {
            throw new AssertionError(e);
        }
    }
}
