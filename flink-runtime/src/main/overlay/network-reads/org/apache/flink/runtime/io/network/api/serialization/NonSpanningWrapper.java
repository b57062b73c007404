/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.core.io.IOReadableWritable;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.runtime.io.network.api.serialization.RecordDeserializer.DeserializationResult;

import javax.annotation.Nullable;

import java.io.EOFException;
import java.io.IOException;

import static org.apache.flink.runtime.io.network.api.serialization.RecordDeserializer.DeserializationResult.INTERMEDIATE_RECORD_FROM_BUFFER;
import static org.apache.flink.runtime.io.network.api.serialization.RecordDeserializer.DeserializationResult.LAST_RECORD_FROM_BUFFER;

/**
 * Reads records of {@link HeapBufferCopy#MIN_VIEW_RECORD_BYTES} bytes and more, unless they are of
 * {@link FixedLengthRecords}, through a {@link DataInputDeserializer} over their bytes on the heap,
 * on which serializers take their bulk paths: from a {@link HeapBufferCopy} of an off-heap buffer's
 * bytes.
 */
final class NonSpanningWrapper {
    /** The copy this wrapper reads instead of an off-heap buffer, if it reads one. */
    @Nullable private HeapBufferCopy heapCopy;

    /** The spares of the thread that this wrapper last took a copy in or released one. */
    @Nullable private HeapBufferCopy.Spares spares;

    /** The view of the heap buffer that records are read from. */
    private final DataInputDeserializer heapView = new DataInputDeserializer();

    /** The delegate that the last record was read into. */
    @Nullable private IOReadableWritable lastTarget;

    /** Whether the last delegate's records are {@link FixedLengthRecords}, read in place. */
    private boolean fixedLengthRecords;

    /**
     * Records of fewer bytes are read in place by upstream's {@code readInto} with no other check:
     * {@link HeapBufferCopy#MIN_VIEW_RECORD_BYTES}; no limit once the records are known to be
     * {@link FixedLengthRecords}; none while a copy is held, which {@link #readThroughView}
     * releases after the buffer's last record.
     */
    private int inPlaceBelow = HeapBufferCopy.MIN_VIEW_RECORD_BYTES;

    @Overlay.Wrap("1.20.5:2e82864fb8b8")
    void initializeFromMemorySegment(MemorySegment seg, int position, int limit) {
        releaseHeapCopy();
        initializeFromMemorySegment$upstream(seg, position, limit);
    }

    @Overlay.Wrap("1.20.5:533170be7b78")
    void clear() {
        releaseHeapCopy();
        clear$upstream();
    }

    /**
     * Whether the record of {@code recordLength} bytes at the current position, which the buffer
     * holds whole, is read in place by upstream's {@code readInto}. Any other goes through {@link
     * #readThroughView}. A wrapper reads into one delegate; if it is handed another, records of the
     * kind learned first may still be read in place, which is always correct.
     */
    boolean readsInPlace(int recordLength) {
        return recordLength < inPlaceBelow;
    }

    /**
     * Reads the record of {@code recordLength} bytes at the current position, which the buffer
     * holds whole and {@link #readsInPlace} does not take. A record shorter than {@link
     * HeapBufferCopy#MIN_VIEW_RECORD_BYTES}, or of {@link FixedLengthRecords}, is read in place
     * (from the copy, in a buffer copied for an earlier record). Any other is read through a view
     * of its bytes on the heap, on which serializers take their bulk paths: an off-heap buffer's
     * bytes left are first copied onto the heap, once. The view ends with the record, as a spanning
     * record's does; a serializer that reads past it fails with the message of reading past the
     * buffer. The copy of a buffer read to its end is released.
     */
    DeserializationResult readThroughView(IOReadableWritable target, int recordLength)
            throws IOException {
        if (!HeapBufferCopy.readsFromView(recordLength) || isFixedLength(target)) {
            return released(readInto(target));
        }
        if (segment.isOffHeap()) {
            readFromHeapCopy();
        }
        heapView.setBuffer(segment.getArray(), position, recordLength);
        position += recordLength;
        try {
            target.read(heapView);
        } catch (EOFException | IndexOutOfBoundsException e) {
            throw new IOException(BROKEN_SERIALIZATION_ERROR_MESSAGE, e);
        }
        return released(hasRemaining() ? INTERMEDIATE_RECORD_FROM_BUFFER : LAST_RECORD_FROM_BUFFER);
    }

    /**
     * Learns how the records of {@code target}, the delegate that records will be read into, are
     * read, before the first of them: where the input is set up rather than in the record path,
     * whose compiled code would otherwise hold a branch that only a new wrapper's first record
     * takes.
     */
    void prepareFor(IOReadableWritable target) {
        lastTarget = target;
        fixedLengthRecords = FixedLengthRecords.readInto(target);
        if (heapCopy == null) {
            inPlaceBelow = inPlaceBelowWithoutCopy();
        }
    }

    private boolean isFixedLength(IOReadableWritable target) {
        if (target != lastTarget) {
            prepareFor(target);
        }
        return fixedLengthRecords;
    }

    private int inPlaceBelowWithoutCopy() {
        return fixedLengthRecords ? Integer.MAX_VALUE : HeapBufferCopy.MIN_VIEW_RECORD_BYTES;
    }

    /** Goes on reading from a copy of the buffer's bytes left. */
    private void readFromHeapCopy() {
        int bytesLeft = remaining();
        spares = HeapBufferCopy.Spares.ofCurrentThread(spares);
        heapCopy = spares.copy(segment, position, bytesLeft);
        inPlaceBelow = 0;
        initializeFromMemorySegment$upstream(heapCopy.segment(), 0, bytesLeft);
    }

    private DeserializationResult released(DeserializationResult result) {
        if (result == LAST_RECORD_FROM_BUFFER) {
            clear();
        }
        return result;
    }

    private void releaseHeapCopy() {
        if (heapCopy != null) {
            spares = HeapBufferCopy.Spares.ofCurrentThread(spares);
            spares.release(heapCopy);
            heapCopy = null;
            heapView.releaseArrays();
            inPlaceBelow = inPlaceBelowWithoutCopy();
        }
    }
}
