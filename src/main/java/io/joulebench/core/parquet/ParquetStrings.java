package io.joulebench.core.parquet;

import static io.joulebench.core.parquet.ParquetCodes.BYTE_ARRAY;
import static io.joulebench.core.parquet.ParquetCodes.DATA_PAGE;
import static io.joulebench.core.parquet.ParquetCodes.DATA_PAGE_V2;
import static io.joulebench.core.parquet.ParquetCodes.DICTIONARY_PAGE;
import static io.joulebench.core.parquet.ParquetCodes.OPTIONAL;
import static io.joulebench.core.parquet.ParquetCodes.REPEATED;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * Reads one top-level UTF-8 string column of a Parquet file (a prompt corpus), every row group in order: data
 * pages v1 and v2, PLAIN and dictionary encodings, definition levels of an optional column (a null stays null),
 * codecs UNCOMPRESSED, SNAPPY and GZIP. Anything else is refused with a message naming it; the writer beside it is
 * {@link ParquetFile}.
 */
public final class ParquetStrings {

    /** The file cannot be read by this reader, or is not Parquet; the message says why and what to do. */
    public static final class Unreadable extends IOException {
        Unreadable(String message) {
            super(message);
        }
    }

    /** The column read: its name and one value per row (null where the row has none). */
    public record Column(String name, List<String> values) {
    }

    private static final String[] CODECS = {"UNCOMPRESSED", "SNAPPY", "GZIP", "LZO", "BROTLI", "LZ4", "ZSTD",
        "LZ4_RAW"};
    private static final String[] ENCODINGS = {"PLAIN", "GROUP_VAR_INT", "PLAIN_DICTIONARY", "RLE", "BIT_PACKED",
        "DELTA_BINARY_PACKED", "DELTA_LENGTH_BYTE_ARRAY", "DELTA_BYTE_ARRAY", "RLE_DICTIONARY", "BYTE_STREAM_SPLIT"};

    private ParquetStrings() {
    }

    /** The first of {@code names} that the file has as a top-level column. */
    public static Column read(Path file, List<String> names) throws IOException {
        return read(Files.readAllBytes(file), file.getFileName().toString(), names);
    }

    static Column read(byte[] b, String fileName, List<String> names) throws IOException {
        int n = b.length;
        if (n < 12 || !magic(b, 0) || !magic(b, n - 4)) {
            throw new Unreadable(fileName + " is not a Parquet file (no PAR1 magic)");
        }
        int footerLen = le32(b, n - 8);
        if (footerLen <= 0 || footerLen > n - 12) {
            throw new Unreadable(fileName + " has a corrupt Parquet footer");
        }
        Map<Integer, Object> meta = new ThriftReader(b, n - 8 - footerLen).struct();

        // top-level leaves in schema order; nested groups are skipped with their children
        List<Object> schema = ThriftReader.list(meta, 2);
        List<String> leafNames = new ArrayList<>();
        List<Map<Integer, Object>> leaves = new ArrayList<>();
        int i = 1;
        long topLevel = schema.isEmpty() ? 0 : ThriftReader.num(el(schema, 0), 5, 0);
        for (long c = 0; c < topLevel && i < schema.size(); c++) {
            Map<Integer, Object> e = el(schema, i);
            long children = ThriftReader.num(e, 5, 0);
            if (children == 0) {
                leafNames.add(text(e.get(4)));
                leaves.add(e);
                i++;
            } else {
                int[] next = {i};
                for (int k = leavesOf(schema, next); k > 0; k--) { // a group: one column slot per leaf, none text
                    leafNames.add(null);
                    leaves.add(null);
                }
                i = next[0];
            }
        }
        int col = -1;
        String name = null;
        for (String want : names) {
            col = leafNames.indexOf(want);
            if (col >= 0) {
                name = want;
                break;
            }
        }
        if (col < 0) {
            throw new Unreadable(fileName + " has no column " + String.join(" or ", names) + " (it has "
                    + String.join(", ", leafNames.stream().filter(x -> x != null).toList()) + ")");
        }
        Map<Integer, Object> leaf = leaves.get(col);
        if (ThriftReader.num(leaf, 1, -1) != BYTE_ARRAY || ThriftReader.num(leaf, 3, 0) == REPEATED) {
            throw new Unreadable(fileName + ": column " + name + " is not a string column");
        }
        int maxDef = ThriftReader.num(leaf, 3, 0) == OPTIONAL ? 1 : 0;

        List<String> values = new ArrayList<>();
        for (Object rg : ThriftReader.list(meta, 4)) {
            @SuppressWarnings("unchecked")
            Map<Integer, Object> chunk = (Map<Integer, Object>) ThriftReader.list((Map<Integer, Object>) rg, 1)
                    .get(col);
            Map<Integer, Object> cm = ThriftReader.sub(chunk, 3);
            if (cm == null) {
                throw new Unreadable(fileName + ": column " + name + " has no metadata (an external column chunk)");
            }
            readChunk(b, fileName, name, cm, maxDef, values);
        }
        return new Column(name, values);
    }

    /** The number of leaves under the element at {@code at[0]}, which is moved past its subtree. */
    private static int leavesOf(List<Object> schema, int[] at) {
        long children = ThriftReader.num(el(schema, at[0]), 5, 0);
        at[0]++;
        if (children == 0) {
            return 1;
        }
        int leaves = 0;
        for (long c = 0; c < children && at[0] < schema.size(); c++) {
            leaves += leavesOf(schema, at);
        }
        return leaves;
    }

    private static void readChunk(byte[] b, String fileName, String name, Map<Integer, Object> cm, int maxDef,
                                  List<String> out) throws IOException {
        int codec = (int) ThriftReader.num(cm, 4, 0);
        if (codec > 2) {
            String c = codec < CODECS.length ? CODECS[codec] : "codec " + codec;
            throw new Unreadable(fileName + " is compressed with " + c + ", which Joulebench does not read (it reads"
                    + " UNCOMPRESSED, SNAPPY, GZIP); convert it, e.g.: duckdb -c \"COPY (FROM '" + fileName
                    + "') TO 'snappy.parquet' (FORMAT parquet, COMPRESSION snappy)\"");
        }
        long total = ThriftReader.num(cm, 5, 0);
        long dictOffset = ThriftReader.num(cm, 11, 0);
        long dataOffset = ThriftReader.num(cm, 9, 0);
        long pos = dictOffset > 0 && dictOffset < dataOffset ? dictOffset : dataOffset;
        List<String> dict = null;
        long seen = 0;
        while (seen < total) {
            if (pos <= 0 || pos >= b.length) {
                throw new Unreadable(fileName + ": column " + name + " has a page outside the file");
            }
            ThriftReader r = new ThriftReader(b, (int) pos);
            Map<Integer, Object> h = r.struct();
            int start = r.position();
            int type = (int) ThriftReader.num(h, 1, -1);
            int rawSize = (int) ThriftReader.num(h, 2, 0);
            int size = (int) ThriftReader.num(h, 3, 0);
            if (size < 0 || start + size > b.length) {
                throw new Unreadable(fileName + ": column " + name + " has a truncated page");
            }
            if (type == DICTIONARY_PAGE) {
                Map<Integer, Object> dh = ThriftReader.sub(h, 7);
                byte[] body = inflate(codec, b, start, size, rawSize);
                int count = (int) ThriftReader.num(dh, 1, 0);
                dict = new ArrayList<>(count);
                plain(body, 0, body.length, count, dict, fileName);
            } else if (type == DATA_PAGE) {
                Map<Integer, Object> dh = ThriftReader.sub(h, 5);
                int count = (int) ThriftReader.num(dh, 1, 0);
                byte[] body = inflate(codec, b, start, size, rawSize);
                int p = 0;
                int[] defs = null;
                if (maxDef > 0) {
                    int len = le32(body, 0);
                    defs = hybrid(body, 4, 4 + len, 1, count);
                    p = 4 + len;
                }
                values(body, p, body.length, (int) ThriftReader.num(dh, 2, 0), count, defs, dict, out, fileName);
                seen += count;
            } else if (type == DATA_PAGE_V2) {
                Map<Integer, Object> dh = ThriftReader.sub(h, 8);
                int count = (int) ThriftReader.num(dh, 1, 0);
                int defLen = (int) ThriftReader.num(dh, 5, 0);
                int repLen = (int) ThriftReader.num(dh, 6, 0);
                int[] defs = maxDef > 0 ? hybrid(b, start + repLen, start + repLen + defLen, 1, count) : null;
                int lv = repLen + defLen;
                boolean compressed = !(dh.get(7) instanceof Boolean c) || c;
                byte[] body = compressed ? inflate(codec, b, start + lv, size - lv, rawSize - lv)
                        : Arrays.copyOfRange(b, start + lv, start + size);
                values(body, 0, body.length, (int) ThriftReader.num(dh, 4, 0), count, defs, dict, out, fileName);
                seen += count;
            }
            pos = (long) start + size; // index pages and unknown pages are skipped
        }
    }

    private static void values(byte[] body, int p, int end, int encoding, int count, int[] defs, List<String> dict,
                               List<String> out, String fileName) throws IOException {
        int present = 0;
        if (defs == null) {
            present = count;
        } else {
            for (int d : defs) {
                present += d == 1 ? 1 : 0;
            }
        }
        List<String> vals = new ArrayList<>(present);
        if (encoding == 0) {
            plain(body, p, end, present, vals, fileName);
        } else if (encoding == 2 || encoding == 8) {
            if (dict == null) {
                throw new Unreadable(fileName + ": a dictionary-encoded page comes without a dictionary");
            }
            int[] idx = present == 0 ? new int[0] : hybrid(body, p + 1, end, body[p] & 0xff, present);
            for (int k : idx) {
                if (k < 0 || k >= dict.size()) {
                    throw new Unreadable(fileName + ": a dictionary index is out of range");
                }
                vals.add(dict.get(k));
            }
        } else {
            String e = encoding >= 0 && encoding < ENCODINGS.length ? ENCODINGS[encoding] : "encoding " + encoding;
            throw new Unreadable(fileName + " uses the " + e + " encoding, which Joulebench does not read (it reads"
                    + " PLAIN and dictionary encodings); convert it, e.g.: duckdb -c \"COPY (FROM '" + fileName
                    + "') TO 'plain.parquet' (FORMAT parquet)\"");
        }
        int v = 0;
        for (int i = 0; i < count; i++) {
            out.add(defs == null || defs[i] == 1 ? vals.get(v++) : null);
        }
    }

    private static void plain(byte[] body, int p, int end, int count, List<String> out, String fileName)
            throws IOException {
        for (int i = 0; i < count; i++) {
            if (p + 4 > end) {
                throw new Unreadable(fileName + ": a page ends inside a value");
            }
            int len = le32(body, p);
            p += 4;
            if (len < 0 || p + len > end) {
                throw new Unreadable(fileName + ": a page ends inside a value");
            }
            out.add(new String(body, p, len, StandardCharsets.UTF_8));
            p += len;
        }
    }

    /** The RLE / bit-packed hybrid encoding (levels and dictionary indices), {@code count} values. */
    static int[] hybrid(byte[] b, int p, int end, int width, int count) throws IOException {
        int[] out = new int[count];
        int n = 0;
        int valueBytes = (width + 7) / 8;
        while (n < count) {
            if (p >= end) {
                throw new IOException("corrupt Parquet page: levels or indices end early");
            }
            long header = 0;
            for (int shift = 0; ; shift += 7) {
                int x = b[p++] & 0xff;
                header |= (long) (x & 0x7f) << shift;
                if ((x & 0x80) == 0) {
                    break;
                }
            }
            if ((header & 1) == 0) {
                int run = (int) (header >>> 1);
                int v = 0;
                for (int i = 0; i < valueBytes; i++) {
                    v |= (b[p++] & 0xff) << (8 * i);
                }
                for (int i = 0; i < run && n < count; i++) {
                    out[n++] = v;
                }
            } else {
                int values = (int) (header >>> 1) * 8;
                long bit = (long) p * 8;
                for (int i = 0; i < values; i++, bit += width) {
                    int v = 0;
                    for (int k = 0; k < width; k++) {
                        long at = bit + k;
                        if ((at >>> 3) >= end) {
                            throw new IOException("corrupt Parquet page: bit-packed run ends early");
                        }
                        v |= ((b[(int) (at >>> 3)] >>> (at & 7)) & 1) << k;
                    }
                    if (n < count) {
                        out[n++] = v;
                    }
                }
                p += values * width / 8;
            }
        }
        return out;
    }

    private static byte[] inflate(int codec, byte[] b, int off, int len, int rawSize) throws IOException {
        return switch (codec) {
            case 0 -> Arrays.copyOfRange(b, off, off + len);
            case 1 -> Snappy.decompress(b, off, len);
            default -> {
                try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(b, off, len))) {
                    yield in.readNBytes(Math.max(rawSize, 0));
                }
            }
        };
    }

    @SuppressWarnings("unchecked")
    private static Map<Integer, Object> el(List<Object> list, int i) {
        return (Map<Integer, Object>) list.get(i);
    }

    private static String text(Object o) {
        return o instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : null;
    }

    private static boolean magic(byte[] b, int at) {
        return b[at] == 'P' && b[at + 1] == 'A' && b[at + 2] == 'R' && b[at + 3] == '1';
    }

    private static int le32(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (b[at + 3] & 0xff) << 24;
    }
}
