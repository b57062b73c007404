/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.operators.sort;

import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.core.memory.MemorySegmentFactory;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link SortedRecordPointers} on a hand-made index: every pointer in the index's order, across the
 * index's segments and the groups loaded ahead, the flag of large records kept.
 */
class SortedRecordPointersTest {

    private static final int ENTRY_BYTES = 16;
    private static final int ENTRIES_PER_SEGMENT = 3;
    private static final int RECORD_SEGMENT_BYTES = 32;
    private static final long LARGE_RECORD = Long.MIN_VALUE;

    @ParameterizedTest(name = "{0} entries")
    @ValueSource(ints = {0, 1, 8, 9, 16, 17, 40})
    void returnsEveryPointerInTheIndexsOrder(int entries) {
        List<MemorySegment> records = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            records.add(MemorySegmentFactory.wrap(new byte[RECORD_SEGMENT_BYTES]));
        }
        List<MemorySegment> index = new ArrayList<>();
        List<Long> pointers = new ArrayList<>();
        for (int entry = 0; entry < entries; entry++) {
            if (entry % ENTRIES_PER_SEGMENT == 0) {
                // a segment with room to spare, as the sort's index segments have
                index.add(
                        MemorySegmentFactory.wrap(new byte[ENTRIES_PER_SEGMENT * ENTRY_BYTES + 5]));
            }
            // spread over the records' segments, every third a large record's
            long pointer = (entry * 7L) % (records.size() * RECORD_SEGMENT_BYTES);
            pointer = entry % 3 == 2 ? pointer | LARGE_RECORD : pointer;
            index.get(index.size() - 1)
                    .putLong((entry % ENTRIES_PER_SEGMENT) * ENTRY_BYTES, pointer);
            pointers.add(pointer);
        }

        SortedRecordPointers sorted =
                new SortedRecordPointers(
                        index,
                        ENTRY_BYTES,
                        ENTRIES_PER_SEGMENT,
                        entries,
                        records,
                        RECORD_SEGMENT_BYTES);
        List<Long> read = new ArrayList<>();
        while (sorted.hasNext()) {
            read.add(sorted.next());
        }

        assertThat(read).isEqualTo(pointers);
    }
}
