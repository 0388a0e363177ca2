package io.joulebench.core.parquet;

import java.io.IOException;

/** A Snappy block decompressor (the raw format Parquet's SNAPPY codec uses, no framing): literals and back-copies. */
final class Snappy {

    private Snappy() {
    }

    static byte[] decompress(byte[] in, int off, int len) throws IOException {
        int end = off + len;
        int pos = off;
        long n = 0;
        for (int shift = 0; ; shift += 7) {
            if (pos >= end || shift > 28) {
                throw new IOException("corrupt Snappy data: bad length");
            }
            int b = in[pos++] & 0xff;
            n |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                break;
            }
        }
        if (n > Integer.MAX_VALUE - 8) {
            throw new IOException("corrupt Snappy data: length " + n);
        }
        byte[] out = new byte[(int) n];
        int o = 0;
        while (pos < end) {
            int tag = in[pos++] & 0xff;
            int kind = tag & 3;
            if (kind == 0) {
                int l = tag >>> 2;
                if (l >= 60) {
                    int bytes = l - 59;
                    l = 0;
                    for (int i = 0; i < bytes; i++) {
                        l |= (in[pos++] & 0xff) << (8 * i);
                    }
                }
                l += 1;
                if (l < 0 || pos + l > end || o + l > out.length) {
                    throw new IOException("corrupt Snappy data: literal overruns");
                }
                System.arraycopy(in, pos, out, o, l);
                pos += l;
                o += l;
                continue;
            }
            int l;
            int offset;
            if (kind == 1) {
                l = ((tag >>> 2) & 7) + 4;
                offset = ((tag >>> 5) << 8) | (in[pos++] & 0xff);
            } else if (kind == 2) {
                l = (tag >>> 2) + 1;
                offset = (in[pos] & 0xff) | (in[pos + 1] & 0xff) << 8;
                pos += 2;
            } else {
                l = (tag >>> 2) + 1;
                offset = (in[pos] & 0xff) | (in[pos + 1] & 0xff) << 8 | (in[pos + 2] & 0xff) << 16
                        | (in[pos + 3] & 0xff) << 24;
                pos += 4;
            }
            if (offset <= 0 || offset > o || o + l > out.length) {
                throw new IOException("corrupt Snappy data: bad copy");
            }
            for (int i = 0; i < l; i++, o++) {
                out[o] = out[o - offset]; // byte by byte: a copy may overlap what it writes
            }
        }
        if (o != out.length) {
            throw new IOException("corrupt Snappy data: " + o + " of " + out.length + " bytes");
        }
        return out;
    }
}
