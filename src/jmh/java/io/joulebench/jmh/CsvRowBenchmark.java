package io.joulebench.jmh;

import java.io.IOException;
import java.io.Writer;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * One windows.csv-like row (ids, 8 numbers, a quoted label). The project's results writer is not merged yet, so this
 * measures a simple StringBuilder writer (what such a writer costs) against String.format per row.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CsvRowBenchmark {

    private final StringBuilder row = new StringBuilder(256);
    private final Writer sink = Writer.nullWriter();
    private long index;

    @Benchmark
    public void stringBuilderRow() throws IOException {
        long i = index++;
        row.setLength(0);
        row.append("study-1").append(',').append(i).append(',').append("level-").append(i % 7).append(',')
                .append(1000.0 + i).append(',').append(0.25 * i).append(',').append(123.456).append(',')
                .append(i * 17L).append(',').append(0.001 * i).append(',').append(98.6).append(',')
                .append(12.5).append(',').append(3.0e-3).append(',');
        quote(row, "label, with \"quotes\"");
        row.append('\n');
        sink.append(row);
    }

    @Benchmark
    public void stringFormatRow() throws IOException {
        long i = index++;
        sink.write(String.format(Locale.ROOT, "%s,%d,level-%d,%s,%s,%s,%d,%s,%s,%s,%s,%s%n", "study-1", i, i % 7,
                1000.0 + i, 0.25 * i, 123.456, i * 17L, 0.001 * i, 98.6, 12.5, 3.0e-3,
                "\"label, with \"\"quotes\"\"\""));
    }

    private static void quote(StringBuilder out, String value) {
        out.append('"');
        for (int k = 0; k < value.length(); k++) {
            char c = value.charAt(k);
            if (c == '"') {
                out.append('"');
            }
            out.append(c);
        }
        out.append('"');
    }
}
