/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators.sort;

import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.runtime.memory.AbstractPagedInputView;

import java.io.IOException;

/**
 * Compares the serialized keys of two records in a batch job's sort of a keyed input, as their
 * comparators order them: byte by byte as signed bytes, a shorter key before a longer one that
 * starts with it. Where both keys lie whole in the current memory segments of the sort buffer's
 * views, eight bytes are compared a step, straight from the segments; elsewhere a byte a read.
 * Either way the views are left after the first byte that differs, or after both keys' common
 * length if none does, as a byte-by-byte comparison leaves them.
 */
final class SerializedKeys {

    private SerializedKeys() {}

    /**
     * Compares the next {@code firstLength} bytes of {@code first} with the next {@code
     * secondLength} bytes of {@code second}.
     *
     * @return {@link Byte#compare} of the first bytes that differ; else {@link Integer#compare} of
     *     the lengths
     */
    static int compare(DataInputView first, int firstLength, DataInputView second, int secondLength)
            throws IOException {
        int common = Math.min(firstLength, secondLength);
        int bytes =
                common > 0 && liesInSegment(first, common) && liesInSegment(second, common)
                        ? compareInSegments(
                                (AbstractPagedInputView) first,
                                (AbstractPagedInputView) second,
                                common)
                        : compareByteByByte(first, second, common);
        return bytes != 0 ? bytes : Integer.compare(firstLength, secondLength);
    }

    private static boolean liesInSegment(DataInputView view, int length) {
        if (!(view instanceof AbstractPagedInputView)) {
            return false;
        }
        AbstractPagedInputView paged = (AbstractPagedInputView) view;
        return paged.getCurrentSegmentLimit() - paged.getCurrentPositionInSegment() >= length;
    }

    private static int compareInSegments(
            AbstractPagedInputView first, AbstractPagedInputView second, int length)
            throws IOException {
        MemorySegment firstSegment = first.getCurrentSegment();
        MemorySegment secondSegment = second.getCurrentSegment();
        int firstPos = first.getCurrentPositionInSegment();
        int secondPos = second.getCurrentPositionInSegment();
        int i = 0;
        for (; i <= length - Long.BYTES; i += Long.BYTES) {
            long firstWord = firstSegment.getLongBigEndian(firstPos + i);
            long secondWord = secondSegment.getLongBigEndian(secondPos + i);
            if (firstWord != secondWord) {
                // big-endian: the first byte that differs holds the highest differing bit
                i += Long.numberOfLeadingZeros(firstWord ^ secondWord) >>> 3;
                return differingByte(first, second, firstSegment, secondSegment, i);
            }
        }
        for (; i < length; i++) {
            if (firstSegment.get(firstPos + i) != secondSegment.get(secondPos + i)) {
                return differingByte(first, second, firstSegment, secondSegment, i);
            }
        }
        first.skipBytesToRead(length);
        second.skipBytesToRead(length);
        return 0;
    }

    /** Compares the bytes at {@code offset}, which differ, and leaves the views after them. */
    private static int differingByte(
            AbstractPagedInputView first,
            AbstractPagedInputView second,
            MemorySegment firstSegment,
            MemorySegment secondSegment,
            int offset)
            throws IOException {
        int comparison =
                Byte.compare(
                        firstSegment.get(first.getCurrentPositionInSegment() + offset),
                        secondSegment.get(second.getCurrentPositionInSegment() + offset));
        first.skipBytesToRead(offset + 1);
        second.skipBytesToRead(offset + 1);
        return comparison;
    }

    private static int compareByteByByte(DataInputView first, DataInputView second, int length)
            throws IOException {
        for (int i = 0; i < length; i++) {
            int comparison = Byte.compare(first.readByte(), second.readByte());
            if (comparison != 0) {
                return comparison;
            }
        }
        return 0;
    }
}
