/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

import java.io.IOException;

/**
 * Writes and reads a null mask a whole byte of 8 flags at a time, the first flag in the byte's
 * highest bit, as upstream's bit-by-bit loops do: the same bytes.
 */
public final class MaskUtils {

    @Overlay.Replace("1.20.5:2f7b2099129c")
    public static void writeMask(boolean[] mask, int len, DataOutputView target)
            throws IOException {
        int fieldPos = 0;
        for (; fieldPos + 8 <= len; fieldPos += 8) {
            target.writeByte(
                    (mask[fieldPos] ? 0x80 : 0)
                            | (mask[fieldPos + 1] ? 0x40 : 0)
                            | (mask[fieldPos + 2] ? 0x20 : 0)
                            | (mask[fieldPos + 3] ? 0x10 : 0)
                            | (mask[fieldPos + 4] ? 0x08 : 0)
                            | (mask[fieldPos + 5] ? 0x04 : 0)
                            | (mask[fieldPos + 6] ? 0x02 : 0)
                            | (mask[fieldPos + 7] ? 0x01 : 0));
        }
        if (fieldPos < len) {
            int b = 0;
            for (int bit = 0x80; fieldPos < len; fieldPos++, bit >>>= 1) {
                if (mask[fieldPos]) {
                    b |= bit;
                }
            }
            target.writeByte(b);
        }
    }

    @Overlay.Replace("1.20.5:5af395f09adc")
    public static void readIntoMask(DataInputView source, boolean[] mask, int len)
            throws IOException {
        int fieldPos = 0;
        for (; fieldPos + 8 <= len; fieldPos += 8) {
            int b = source.readUnsignedByte();
            mask[fieldPos] = (b & 0x80) != 0;
            mask[fieldPos + 1] = (b & 0x40) != 0;
            mask[fieldPos + 2] = (b & 0x20) != 0;
            mask[fieldPos + 3] = (b & 0x10) != 0;
            mask[fieldPos + 4] = (b & 0x08) != 0;
            mask[fieldPos + 5] = (b & 0x04) != 0;
            mask[fieldPos + 6] = (b & 0x02) != 0;
            mask[fieldPos + 7] = (b & 0x01) != 0;
        }
        if (fieldPos < len) {
            int b = source.readUnsignedByte();
            for (int bit = 0x80; fieldPos < len; fieldPos++, bit >>>= 1) {
                mask[fieldPos] = (b & bit) != 0;
            }
        }
    }
}
