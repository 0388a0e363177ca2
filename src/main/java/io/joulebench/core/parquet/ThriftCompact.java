package io.joulebench.core.parquet;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The part of Thrift's compact protocol that a Parquet footer and page header need: structs, i32, i64, strings,
 * lists of i32, strings and structs. Field ids must rise within a struct (they do in {@link ParquetFile}).
 */
final class ThriftCompact {

    static final int I32 = 5;
    static final int I64 = 6;
    static final int BINARY = 8;
    static final int LIST = 9;
    static final int STRUCT = 12;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final Deque<Integer> lastIds = new ArrayDeque<>();
    private int lastId;

    byte[] bytes() {
        return out.toByteArray();
    }

    void fieldI32(int id, int v) {
        header(id, I32);
        varint(zigzag(v));
    }

    void fieldI64(int id, long v) {
        header(id, I64);
        varint(zigzag(v));
    }

    void fieldString(int id, String s) {
        header(id, BINARY);
        string(s);
    }

    /** Opens a struct field; close it with {@link #endStruct()}. */
    void beginStructField(int id) {
        header(id, STRUCT);
        beginStruct();
    }

    /** Opens a struct that is a list element (no field header). */
    void beginStruct() {
        lastIds.push(lastId);
        lastId = 0;
    }

    void endStruct() {
        out.write(0); // stop
        lastId = lastIds.pop();
    }

    /** A list field header; the {@code size} elements follow (i32 via {@link #i32}, strings, or structs). */
    void fieldList(int id, int elementType, int size) {
        header(id, LIST);
        if (size < 15) {
            out.write(size << 4 | elementType);
        } else {
            out.write(0xF0 | elementType);
            varint(size);
        }
    }

    /** A struct encoded by another writer (fields and stop), as a list element. */
    void rawStruct(byte[] encoded) {
        out.write(encoded, 0, encoded.length);
    }

    void i32(int v) {
        varint(zigzag(v));
    }

    void string(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        varint(b.length);
        out.write(b, 0, b.length);
    }

    private void header(int id, int type) {
        int delta = id - lastId;
        if (delta > 0 && delta <= 15) {
            out.write(delta << 4 | type);
        } else {
            out.write(type);
            varint(zigzag(id));
        }
        lastId = id;
    }

    private static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    private void varint(long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write((int) v);
    }
}
