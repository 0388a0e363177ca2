package io.joulebench.core.parquet;

import static io.joulebench.core.parquet.ParquetCodes.CONVERTED_LIST;
import static io.joulebench.core.parquet.ParquetCodes.CONVERTED_UTF8;
import static io.joulebench.core.parquet.ParquetCodes.DATA_PAGE;
import static io.joulebench.core.parquet.ParquetCodes.OPTIONAL;
import static io.joulebench.core.parquet.ParquetCodes.PLAIN;
import static io.joulebench.core.parquet.ParquetCodes.REPEATED;
import static io.joulebench.core.parquet.ParquetCodes.RLE;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes a small Parquet file: one row group, one uncompressed PLAIN data page (v1) per column, every column
 * nullable, key-value metadata in the footer. It covers what the results bundles need (see
 * docs/decisions/0016-parquet-writer.md) and nothing more: 32/64-bit integers, doubles, booleans, UTF-8 strings and
 * lists of doubles (the three-level LIST layout pyarrow writes). No rows ⇒ a schema-only file with no row group, as
 * pyarrow writes an empty table. Readers: any (DuckDB, pyarrow, parquet-java); the tests read it back with DuckDB.
 */
public final class ParquetFile {

    /** A column's physical and logical type. */
    public enum Type {
        INT32(1), INT64(2), DOUBLE(5), BOOLEAN(0), STRING(6), DOUBLE_LIST(5);

        private final int physical;

        Type(int physical) {
            this.physical = physical;
        }
    }

    /** A column of the file: its name and type. Values are Integer, Long, Double, Boolean, String or double[]. */
    public record Column(String name, Type type) {
    }

    private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

    private ParquetFile() {
    }

    /**
     * Writes the table to {@code out}.
     *
     * @param rows     one {@code Object[]} per row, in column order; null is a null cell
     * @param metadata the footer's key-value metadata, in order (null values are left out)
     */
    public static void write(OutputStream out, List<Column> columns, List<Object[]> rows, Map<String, String> metadata,
                             String createdBy) throws IOException {
        Counting file = new Counting(out); // pages go straight out; only one column's page is held at a time
        file.write(MAGIC);
        List<byte[]> chunkMeta = new ArrayList<>();
        long totalBytes = 0;
        if (!rows.isEmpty()) {
            for (int c = 0; c < columns.size(); c++) {
                Column col = columns.get(c);
                Page page = page(col, rows, c);
                long offset = file.count;
                ThriftCompact h = new ThriftCompact();
                h.beginStruct();
                h.fieldI32(1, DATA_PAGE);
                h.fieldI32(2, page.body.length);
                h.fieldI32(3, page.body.length);
                h.beginStructField(5);
                h.fieldI32(1, page.levels);
                h.fieldI32(2, PLAIN);
                h.fieldI32(3, RLE);
                h.fieldI32(4, RLE);
                h.endStruct();
                h.endStruct();
                byte[] header = h.bytes();
                file.write(header);
                file.write(page.body);
                long size = header.length + page.body.length;
                totalBytes += size;
                chunkMeta.add(chunk(col, page.levels, size, offset));
            }
        }
        ThriftCompact f = new ThriftCompact();
        f.beginStruct();
        f.fieldI32(1, 1);
        schema(f, columns);
        f.fieldI64(3, rows.size());
        f.fieldList(4, ThriftCompact.STRUCT, rows.isEmpty() ? 0 : 1);
        if (!rows.isEmpty()) {
            f.beginStruct();
            f.fieldList(1, ThriftCompact.STRUCT, chunkMeta.size());
            for (byte[] m : chunkMeta) {
                f.rawStruct(m);
            }
            f.fieldI64(2, totalBytes);
            f.fieldI64(3, rows.size());
            f.endStruct();
        }
        List<Map.Entry<String, String>> kv = metadata.entrySet().stream().filter(e -> e.getValue() != null).toList();
        if (!kv.isEmpty()) {
            f.fieldList(5, ThriftCompact.STRUCT, kv.size());
            for (Map.Entry<String, String> e : kv) {
                f.beginStruct();
                f.fieldString(1, e.getKey());
                f.fieldString(2, e.getValue());
                f.endStruct();
            }
        }
        f.fieldString(6, createdBy);
        f.endStruct();
        byte[] footer = f.bytes();
        file.write(footer);
        file.write(le32(footer.length));
        file.write(MAGIC);
        file.flush();
    }

    /** Counts the bytes written through it: the column chunks' offsets in the file. */
    private static final class Counting extends java.io.FilterOutputStream {
        private long count;

        Counting(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }
    }

    private static void schema(ThriftCompact f, List<Column> columns) {
        int elements = 1;
        for (Column c : columns) {
            elements += c.type() == Type.DOUBLE_LIST ? 3 : 1;
        }
        f.fieldList(2, ThriftCompact.STRUCT, elements);
        f.beginStruct();
        f.fieldString(4, "schema");
        f.fieldI32(5, columns.size());
        f.endStruct();
        for (Column c : columns) {
            if (c.type() == Type.DOUBLE_LIST) {
                f.beginStruct();
                f.fieldI32(3, OPTIONAL);
                f.fieldString(4, c.name());
                f.fieldI32(5, 1);
                f.fieldI32(6, CONVERTED_LIST);
                f.endStruct();
                f.beginStruct();
                f.fieldI32(3, REPEATED);
                f.fieldString(4, "list");
                f.fieldI32(5, 1);
                f.endStruct();
                f.beginStruct();
                f.fieldI32(1, c.type().physical);
                f.fieldI32(3, OPTIONAL);
                f.fieldString(4, "element");
                f.endStruct();
            } else {
                f.beginStruct();
                f.fieldI32(1, c.type().physical);
                f.fieldI32(3, OPTIONAL);
                f.fieldString(4, c.name());
                if (c.type() == Type.STRING) {
                    f.fieldI32(6, CONVERTED_UTF8);
                }
                f.endStruct();
            }
        }
    }

    private static byte[] chunk(Column col, int levels, long size, long offset) {
        ThriftCompact m = new ThriftCompact();
        m.beginStruct();
        m.fieldI64(2, offset);
        m.beginStructField(3);
        m.fieldI32(1, col.type().physical);
        m.fieldList(2, ThriftCompact.I32, 2);
        m.i32(PLAIN);
        m.i32(RLE);
        List<String> path = col.type() == Type.DOUBLE_LIST ? List.of(col.name(), "list", "element")
                : List.of(col.name());
        m.fieldList(3, ThriftCompact.BINARY, path.size());
        path.forEach(m::string);
        m.fieldI32(4, 0); // UNCOMPRESSED
        m.fieldI64(5, levels);
        m.fieldI64(6, size);
        m.fieldI64(7, size);
        m.fieldI64(9, offset);
        m.endStruct();
        m.endStruct();
        return m.bytes();
    }

    private record Page(byte[] body, int levels) {
    }

    private static Page page(Column col, List<Object[]> rows, int index) throws IOException {
        ByteArrayOutputStream values = new ByteArrayOutputStream();
        if (col.type() == Type.DOUBLE_LIST) {
            Levels rep = new Levels();
            Levels def = new Levels();
            for (Object[] row : rows) {
                double[] list = (double[]) row[index];
                if (list == null) {
                    rep.add(0);
                    def.add(0);
                } else if (list.length == 0) {
                    rep.add(0);
                    def.add(1);
                } else {
                    for (int i = 0; i < list.length; i++) {
                        rep.add(i == 0 ? 0 : 1);
                        def.add(3);
                        values.write(le64(Double.doubleToRawLongBits(list[i])));
                    }
                }
            }
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            rep.writeTo(body);
            def.writeTo(body);
            values.writeTo(body);
            return new Page(body.toByteArray(), def.count);
        }
        Levels def = new Levels();
        int bits = 0;
        int bitCount = 0;
        for (Object[] row : rows) {
            Object v = row[index];
            def.add(v == null ? 0 : 1);
            if (v == null) {
                continue;
            }
            switch (col.type()) {
                case INT32 -> values.write(le32(((Number) v).intValue()));
                case INT64 -> values.write(le64(((Number) v).longValue()));
                case DOUBLE -> values.write(le64(Double.doubleToRawLongBits(((Number) v).doubleValue())));
                case STRING -> {
                    byte[] b = ((String) v).getBytes(StandardCharsets.UTF_8);
                    values.write(le32(b.length));
                    values.write(b);
                }
                case BOOLEAN -> {
                    if ((Boolean) v) {
                        bits |= 1 << bitCount;
                    }
                    if (++bitCount == 8) {
                        values.write(bits);
                        bits = 0;
                        bitCount = 0;
                    }
                }
                default -> throw new IllegalStateException(col.type().name());
            }
        }
        if (bitCount > 0) {
            values.write(bits);
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        def.writeTo(body);
        values.writeTo(body);
        return new Page(body.toByteArray(), def.count);
    }

    /** Repetition or definition levels, RLE runs of the RLE/bit-packing hybrid, with the v1 page's length prefix. */
    private static final class Levels {
        private final ByteArrayOutputStream runs = new ByteArrayOutputStream();
        private int value = -1;
        private int run;
        private int count;

        void add(int level) {
            count++;
            if (level == value) {
                run++;
                return;
            }
            flush();
            value = level;
            run = 1;
        }

        private void flush() {
            if (run == 0) {
                return;
            }
            long header = (long) run << 1;
            while ((header & ~0x7FL) != 0) {
                runs.write((int) (header & 0x7F) | 0x80);
                header >>>= 7;
            }
            runs.write((int) header);
            runs.write(value); // levels here are ≤ 3: one byte
            run = 0;
        }

        void writeTo(ByteArrayOutputStream out) throws IOException {
            flush();
            out.write(le32(runs.size()));
            runs.writeTo(out);
        }
    }

    private static byte[] le32(int v) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
    }

    private static byte[] le64(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }
}
