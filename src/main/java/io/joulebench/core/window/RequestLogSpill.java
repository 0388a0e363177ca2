package io.joulebench.core.window;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A level's request rows, held typed until attribution (issue 31): each row goes, as its request finishes, to its
 * window's spill file ({@link RequestRowCodec}: our own binary rows, never a results file), so the heap keeps only
 * each row's request index (4 bytes, for the order of the joules). When the level closes with an attribution, each
 * window's joules go beside its spill ({@link #joulesPath}), one double per row in row order. The results writer
 * then reads rows and joules once, with {@link #read}, and writes {@code requests.csv} and {@code requests.parquet}
 * from the same typed rows, each once. A window without rows has no spill (the writer makes a header-only file).
 */
public final class RequestLogSpill implements RequestLogSink {

    private static final Logger LOG = LoggerFactory.getLogger(RequestLogSpill.class);

    /** Where the spill of window {@code window} of level {@code level} goes. */
    @FunctionalInterface
    public interface PathForWindow {
        Path path(int level, int window);
    }

    /** Receives one row read back from a spill. */
    @FunctionalInterface
    public interface RowConsumer {
        void accept(RequestLogRow row) throws IOException;
    }

    private final int levelIndex;
    private final PathForWindow paths;
    private final DataOutputStream[] outs;
    /** Per window, the request index of each spilled row, in row order. */
    private final int[][] indices;
    private final int[] counts;
    private Map<Long, Double> attributed;
    private boolean closed;

    public RequestLogSpill(int levelIndex, int windowCount, PathForWindow paths) {
        this.levelIndex = levelIndex;
        this.paths = paths;
        this.outs = new DataOutputStream[windowCount];
        this.indices = new int[windowCount][];
        this.counts = new int[windowCount];
    }

    public static RequestLogFactory factory(PathForWindow paths) {
        return (level, windows) -> new RequestLogSpill(level, windows, paths);
    }

    /** The joules sidecar of a spill: one big-endian double per row, NaN where a row has none. */
    public static Path joulesPath(Path spill) {
        return spill.resolveSibling(spill.getFileName() + ".joules");
    }

    @Override
    public synchronized void row(RequestLogRow row) {
        if (closed) {
            // a request cancelled at the drain timeout can report after the level closed its log; reopening would
            // truncate a spill the level already handed on: it belongs to no window
            return;
        }
        int w = row.windowIndex();
        try {
            RequestRowCodec.write(out(w), row);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot spill the request rows of level " + levelIndex + " window " + w, e);
        }
        if (indices[w] == null || counts[w] == indices[w].length) {
            indices[w] = indices[w] == null ? new int[64] : Arrays.copyOf(indices[w], indices[w].length * 2);
        }
        indices[w][counts[w]++] = row.record().index();
    }

    @Override
    public synchronized void attributed(Map<Long, Double> joulesByRequest) {
        attributed = joulesByRequest;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        IOException first = null;
        for (DataOutputStream out : outs) {
            try {
                if (out != null) {
                    out.close();
                }
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw new UncheckedIOException("cannot close the request spill of level " + levelIndex, first);
        }
        for (int w = 0; w < outs.length && attributed != null; w++) {
            if (outs[w] != null) {
                writeJoules(w);
            }
        }
        Arrays.fill(indices, null);
    }

    /** An estimate that cannot be written must not cost the measured rows: they keep the column empty. */
    private void writeJoules(int w) {
        Path path = joulesPath(paths.path(levelIndex, w));
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(path)))) {
            for (int i = 0; i < counts[w]; i++) {
                Double joules = attributed.get((long) indices[w][i]);
                out.writeDouble(joules == null ? Double.NaN : joules);
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("could not write the attributed energy of level {} window {} ({}); its rows keep "
                    + "energy_attributed_j empty", levelIndex, w, e.toString());
            try {
                Files.deleteIfExists(path);
            } catch (IOException ignored) {
                // a joules file cut short gives nulls past its end: the rows are intact
            }
        }
    }

    private DataOutputStream out(int window) throws IOException {
        if (outs[window] == null) {
            Path path = paths.path(levelIndex, window);
            if (path.getParent() != null) {
                Files.createDirectories(path.getParent());
            }
            outs[window] = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(path), 1 << 16));
        }
        return outs[window];
    }

    /**
     * Reads a closed spill's rows in order, each with its attributed joules from the sidecar (null without one, past
     * its end, or where it holds NaN). A row cut short at the end (a disk that filled mid-row) ends the rows.
     */
    public static void read(Path spill, RowConsumer rows) throws IOException {
        Path joulesFile = joulesPath(spill);
        try (DataInputStream in = open(spill);
             DataInputStream joules = Files.isRegularFile(joulesFile) ? open(joulesFile) : null) {
            while (true) {
                RequestLogRow row;
                try {
                    row = RequestRowCodec.read(in);
                } catch (EOFException end) {
                    return;
                }
                rows.accept(row.withEnergyAttributedJ(next(joules)));
            }
        }
    }

    /** Deletes a spill and its joules sidecar; never throws (a leftover goes with its staging folder). */
    public static void delete(Path spill) {
        try {
            Files.deleteIfExists(joulesPath(spill));
            Files.deleteIfExists(spill);
        } catch (IOException e) {
            LOG.debug("could not delete the request spill {}", spill, e);
        }
    }

    private static DataInputStream open(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        return new DataInputStream(new BufferedInputStream(in, 1 << 16));
    }

    private static Double next(DataInputStream joules) throws IOException {
        if (joules == null) {
            return null;
        }
        try {
            double j = joules.readDouble();
            return Double.isNaN(j) ? null : j;
        } catch (EOFException end) {
            return null;
        }
    }
}
