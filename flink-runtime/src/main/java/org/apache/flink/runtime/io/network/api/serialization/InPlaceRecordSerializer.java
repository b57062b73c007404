/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.io.IOReadableWritable;
import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.runtime.memory.AbstractPagedOutputView;

import javax.annotation.Nullable;

import java.io.EOFException;
import java.io.IOException;

/**
 * Serializes a record straight into a network buffer's memory segment, in the record writer's
 * format (the record's length as a 4-byte big-endian int, then its bytes; the bytes alone for
 * {@link KnownLengthRecords}), instead of into the writer's array first and copying it into the
 * buffer from there. The bytes are the same.
 *
 * <p>Only records of {@link FixedLengthRecords} are serialized this way: they are written a
 * primitive at a time to any view, while serializers of strings and arrays write in bulk into the
 * writer's array ({@code DataOutputSerializer}). A record that does not end before the given limit
 * is not appended, and the caller writes it as upstream does: the buffer is then full, or the
 * record spans buffers.
 */
@Internal
public final class InPlaceRecordSerializer {

    /** The bytes of the length in front of each record. */
    private static final int LENGTH_BYTES = 4;

    /** The output for the segments of the size last written to; segments of a pool share one. */
    @Nullable private SegmentOutput output;

    /** Whether the record, a serialization delegate, is one this serializer writes. */
    public static boolean serializes(IOReadableWritable record) {
        return FixedLengthRecords.writtenBy(record);
    }

    /**
     * Writes the record, with its length in front unless it travels without it ({@link
     * KnownLengthSerializationDelegate#recordLength}), into the segment from {@code offset} on.
     *
     * @return the bytes written, length included, if the record ends before {@code limit}; else -1,
     *     and what the segment held from {@code offset} on may have been overwritten
     */
    public int serialize(IOReadableWritable record, MemorySegment segment, int offset, int limit)
            throws IOException {
        SegmentOutput out = output;
        if (out == null || out.getSegmentSize() != segment.size()) {
            out = new SegmentOutput(segment.size());
            output = out;
        }
        return out.write(
                record,
                segment,
                offset,
                limit,
                KnownLengthSerializationDelegate.recordLength(record));
    }

    /** Writes into one segment, from a position to its end, and fails at the end. */
    private static final class SegmentOutput extends AbstractPagedOutputView {

        private final SegmentFullException full = new SegmentFullException();

        SegmentOutput(int segmentSize) {
            super(segmentSize, 0);
        }

        int write(
                IOReadableWritable record,
                MemorySegment segment,
                int offset,
                int limit,
                int knownLength)
                throws IOException {
            int start = knownLength < 0 ? offset + LENGTH_BYTES : offset;
            if (start >= limit) {
                return -1;
            }
            seekOutput(segment, start);
            try {
                record.write(this);
            } catch (SegmentFullException e) {
                return -1;
            }
            int end = getCurrentPositionInSegment();
            if (end >= limit) {
                return -1;
            }
            if (knownLength < 0) {
                segment.putIntBigEndian(offset, end - start);
            } else {
                RecordLengthMismatchException.check(record, end - start, knownLength);
            }
            return end - offset;
        }

        @Override
        protected MemorySegment nextSegment(MemorySegment current, int positionInCurrent)
                throws EOFException {
            throw full;
        }
    }

    /**
     * The end of the segment, thrown where a serializer asks for more room: an {@link
     * EOFException}, as Flink's serializers expect of a full view (Kryo's passes it on as such).
     * One instance an output, without a stack trace.
     */
    private static final class SegmentFullException extends EOFException {

        private static final long serialVersionUID = 1L;

        SegmentFullException() {
            super("The record does not fit into the rest of the network buffer");
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }
}
