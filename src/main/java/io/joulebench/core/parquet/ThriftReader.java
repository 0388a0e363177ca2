package io.joulebench.core.parquet;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A Thrift compact-protocol reader into a generic tree, enough for Parquet's footer and page headers: a struct is a
 * {@code Map<Integer, Object>} by field id, a list a {@code List<Object>}, integers {@code Long}, binary {@code byte[]}.
 */
final class ThriftReader {

    private final byte[] buf;
    private int pos;

    ThriftReader(byte[] buf, int pos) {
        this.buf = buf;
        this.pos = pos;
    }

    int position() {
        return pos;
    }

    Map<Integer, Object> struct() throws IOException {
        Map<Integer, Object> fields = new HashMap<>();
        int lastId = 0;
        while (true) {
            int b = u8();
            if (b == 0) {
                return fields;
            }
            int type = b & 0x0f;
            int delta = b >>> 4;
            int id = delta == 0 ? (int) zigzag(varint()) : lastId + delta;
            lastId = id;
            fields.put(id, value(type));
        }
    }

    private Object value(int type) throws IOException {
        return switch (type) {
            case 1 -> Boolean.TRUE;
            case 2 -> Boolean.FALSE;
            case 3 -> (long) (byte) u8();
            case 4, 5, 6 -> zigzag(varint());
            case 7 -> {
                long bits = 0;
                for (int i = 0; i < 8; i++) {
                    bits |= (long) u8() << (8 * i);
                }
                yield Double.longBitsToDouble(bits);
            }
            case 8 -> {
                int n = (int) varint();
                check(n);
                byte[] b = java.util.Arrays.copyOfRange(buf, pos, pos + n);
                pos += n;
                yield b;
            }
            case 9, 10 -> {
                int h = u8();
                long size = h >>> 4 == 15 ? varint() : h >>> 4;
                int elem = h & 0x0f;
                List<Object> list = new ArrayList<>();
                for (long i = 0; i < size; i++) {
                    list.add(elem == 1 || elem == 2 ? u8() == 1 : value(elem));
                }
                yield list;
            }
            case 11 -> {
                long size = varint();
                Map<Object, Object> map = new HashMap<>();
                if (size > 0) {
                    int kv = u8();
                    for (long i = 0; i < size; i++) {
                        map.put(value(kv >>> 4), value(kv & 0x0f));
                    }
                }
                yield map;
            }
            case 12 -> struct();
            default -> throw new IOException("corrupt Thrift metadata: field type " + type);
        };
    }

    private long varint() throws IOException {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = u8();
            v |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return v;
            }
        }
        throw new IOException("corrupt Thrift metadata: varint too long");
    }

    private static long zigzag(long v) {
        return (v >>> 1) ^ -(v & 1);
    }

    private int u8() throws IOException {
        check(1);
        return buf[pos++] & 0xff;
    }

    private void check(int n) throws IOException {
        if (n < 0 || pos + n > buf.length) {
            throw new IOException("corrupt Thrift metadata: truncated");
        }
    }

    static long num(Map<Integer, Object> s, int id, long dflt) {
        return s.get(id) instanceof Long l ? l : dflt;
    }

    @SuppressWarnings("unchecked")
    static Map<Integer, Object> sub(Map<Integer, Object> s, int id) {
        return s.get(id) instanceof Map<?, ?> m ? (Map<Integer, Object>) m : null;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Map<Integer, Object> s, int id) {
        return s.get(id) instanceof List<?> l ? (List<Object>) l : List.of();
    }
}
