/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators.sort;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import java.io.IOException;

/**
 * Refuses, in a batch job's sort of a keyed input, a record whose timestamp was left behind on a
 * tagless network edge (FLIP-330): upstream's sort orders the records of each key by their
 * timestamps, which such a record no longer has.
 */
final class KeyAndValueSerializer<IN> {

    @Overlay.Wrap("1.20.5:51bde2c39247")
    @Override
    public void serialize(Tuple2<byte[], StreamRecord<IN>> record, DataOutputView target)
            throws IOException {
        if (DroppedTimestamps.isDropped(record.f1)) {
            throw DroppedTimestamps.readBySort();
        }
        serialize$upstream(record, target);
    }
}
