/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators.sort;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.streaming.runtime.io.TaglessNetwork;
import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import java.io.IOException;

/**
 * Keeps the mark of a timestamp left behind on a tagless network edge (FLIP-330) through a batch
 * job's sort of a keyed input. Records read from such an edge carry no timestamp or Flink's "no
 * timestamp", which the sort writes as {@code Long.MIN_VALUE}, as upstream's does; a marked record
 * is written with {@link #DROPPED_TIMESTAMP} instead, which no other record of such a sort can
 * carry, and is handed out marked again.
 */
final class KeyAndValueSerializer<IN> {

    /** What a tagless task's sort writes for a record whose timestamp stayed behind. */
    private static final long DROPPED_TIMESTAMP = Long.MIN_VALUE + 1;

    /**
     * Whether the sorted records arrived tagless. Sorts are created while their task initializes,
     * where {@link TaglessNetwork#inTaglessTask()} tells; duplicates take it over. A marked record
     * can only come from a tagless edge, so a sort that gets one without knowing its records are
     * tagless was created elsewhere, and fails rather than lose the mark.
     */
    private boolean taglessRecords = TaglessNetwork.inTaglessTask();

    @Overlay.Wrap("1.20.5:3453033013fe")
    @Override
    @SuppressWarnings("unchecked")
    public TypeSerializer<Tuple2<byte[], StreamRecord<IN>>> duplicate() {
        KeyAndValueSerializer<IN> duplicate = (KeyAndValueSerializer<IN>) duplicate$upstream();
        duplicate.taglessRecords = taglessRecords;
        return duplicate;
    }

    @Overlay.Wrap("1.20.5:51bde2c39247")
    @Override
    public void serialize(Tuple2<byte[], StreamRecord<IN>> record, DataOutputView target)
            throws IOException {
        if (DroppedTimestamps.isDropped(record.f1)) {
            checkTaglessRecords();
            serialize$upstream(
                    Tuple2.of(
                            record.f0, new StreamRecord<>(record.f1.getValue(), DROPPED_TIMESTAMP)),
                    target);
        } else {
            serialize$upstream(record, target);
        }
    }

    @Overlay.Wrap("1.20.5:d35316ba0d7d")
    @Override
    public Tuple2<byte[], StreamRecord<IN>> deserialize(DataInputView source) throws IOException {
        return marked(deserialize$upstream(source));
    }

    @Overlay.Wrap("1.20.5:7625a71c552b")
    @Override
    public Tuple2<byte[], StreamRecord<IN>> deserialize(
            Tuple2<byte[], StreamRecord<IN>> reuse, DataInputView source) throws IOException {
        return marked(deserialize$upstream(reuse, source));
    }

    private void checkTaglessRecords() {
        if (!taglessRecords) {
            throw new IllegalStateException(
                    "A sort of records that crossed the network without timestamps (FLIP-330) was"
                            + " created outside its task's initialization and cannot keep the mark"
                            + " of a timestamp left behind. This is a bug of Wirespeed; set "
                            + PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key()
                            + " to true to run the job.");
        }
    }

    private Tuple2<byte[], StreamRecord<IN>> marked(Tuple2<byte[], StreamRecord<IN>> keyAndRecord) {
        if (taglessRecords && keyAndRecord.f1.getTimestamp() == DROPPED_TIMESTAMP) {
            DroppedTimestamps.drop(keyAndRecord.f1);
        }
        return keyAndRecord;
    }
}
