/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.operators.sort;

import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.util.MathUtils;

import java.util.List;

/**
 * The pointers of a sort buffer's index, in the index's order, with the records they point to
 * loaded into the CPU's caches a group ahead.
 *
 * <p>Once sorted, a buffer's records are read in their sorted order: from places all over the
 * buffer's memory, which is far larger than the caches, so that each read waits for main memory.
 * One read at a time, a record's wait starts only when the code before it is nearly done: the CPU
 * runs ahead of a load that misses the cache by a few hundred instructions at most, about what the
 * copy of one record takes. So before the records of a group of {@link #GROUP} are read, this loads
 * the first byte of each record of the next group, one load right after the other: their waits for
 * memory overlap, and by the time the next group is read its records are in the cache.
 */
final class SortedRecordPointers {

    /** The records loaded together, and read before the next group is loaded. */
    static final int GROUP = 8;

    /** Clears the flag with which the sort buffer tags the pointers of large records. */
    private static final long POINTER_MASK = Long.MAX_VALUE;

    private final List<MemorySegment> sortIndex;
    private final int indexEntrySize;
    private final int indexSegmentEnd;
    private final int numRecords;
    private final List<MemorySegment> recordSegments;
    private final int recordSegmentSizeBits;
    private final int recordSegmentSizeMask;

    /** The pointers of the group being read and of the group loaded after it. */
    private final long[] pointers = new long[2 * GROUP];

    private int read;
    private int loaded;
    private int loadSegment;
    private int loadOffset;

    /**
     * The sum of the bytes loaded ahead, kept so that the JIT cannot leave out the loads, whose
     * values nothing else uses.
     */
    private int loadedBytes;

    /**
     * @param sortIndex the index's segments, each with {@code indexEntriesPerSegment} entries of
     *     {@code indexEntrySize} bytes, the first 8 of them the record's pointer
     * @param numRecords the entries in the index
     * @param recordSegments the segments of the records, each of {@code recordSegmentSize} bytes, a
     *     power of two
     */
    SortedRecordPointers(
            List<MemorySegment> sortIndex,
            int indexEntrySize,
            int indexEntriesPerSegment,
            int numRecords,
            List<MemorySegment> recordSegments,
            int recordSegmentSize) {
        this.sortIndex = sortIndex;
        this.indexEntrySize = indexEntrySize;
        this.indexSegmentEnd = indexEntriesPerSegment * indexEntrySize;
        this.numRecords = numRecords;
        this.recordSegments = recordSegments;
        this.recordSegmentSizeBits = MathUtils.log2strict(recordSegmentSize);
        this.recordSegmentSizeMask = recordSegmentSize - 1;
        loadGroup();
    }

    boolean hasNext() {
        return read < numRecords;
    }

    /**
     * The pointer of the next entry, as the index holds it: with the flag of a large record, if it
     * has it.
     */
    long next() {
        int entry = read++;
        if (entry % GROUP == 0) {
            loadGroup();
        }
        return pointers[entry % pointers.length];
    }

    /** Reads the pointers of the next group from the index and loads their records' first bytes. */
    private void loadGroup() {
        int end = Math.min(loaded + GROUP, numRecords);
        int bytes = 0;
        for (; loaded < end; loaded++) {
            if (loadOffset == indexSegmentEnd) {
                loadSegment++;
                loadOffset = 0;
            }
            long pointer = sortIndex.get(loadSegment).getLong(loadOffset);
            loadOffset += indexEntrySize;
            pointers[loaded % pointers.length] = pointer;
            long position = pointer & POINTER_MASK;
            MemorySegment records = recordSegments.get((int) (position >>> recordSegmentSizeBits));
            bytes += records.get((int) position & recordSegmentSizeMask);
        }
        loadedBytes += bytes;
    }
}
