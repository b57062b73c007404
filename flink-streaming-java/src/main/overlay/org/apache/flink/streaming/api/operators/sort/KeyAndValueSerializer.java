/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators.sort;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.streaming.runtime.io.TaglessNetwork;
import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import java.io.IOException;

/**
 * Hands out the sorted records of a task whose records cross the network tagless (FLIP-330) with
 * the mark of their missing timestamp: every record such a sort holds came from the network.
 */
final class KeyAndValueSerializer<IN> {

    /**
     * Whether the sorted records arrived tagless. Sorts are created while their task initializes,
     * where {@link TaglessNetwork#inTaglessTask()} tells; duplicates take it over.
     */
    private boolean taglessRecords = TaglessNetwork.inTaglessTask();

    @Overlay.Wrap
    @Override
    @SuppressWarnings("unchecked")
    public TypeSerializer<Tuple2<byte[], StreamRecord<IN>>> duplicate() {
        KeyAndValueSerializer<IN> duplicate = (KeyAndValueSerializer<IN>) duplicate$upstream();
        duplicate.taglessRecords = taglessRecords;
        return duplicate;
    }

    @Overlay.Wrap
    @Override
    public Tuple2<byte[], StreamRecord<IN>> deserialize(DataInputView source) throws IOException {
        return marked(deserialize$upstream(source));
    }

    @Overlay.Wrap
    @Override
    public Tuple2<byte[], StreamRecord<IN>> deserialize(
            Tuple2<byte[], StreamRecord<IN>> reuse, DataInputView source) throws IOException {
        return marked(deserialize$upstream(reuse, source));
    }

    private Tuple2<byte[], StreamRecord<IN>> marked(Tuple2<byte[], StreamRecord<IN>> keyAndRecord) {
        if (taglessRecords) {
            DroppedTimestamps.drop(keyAndRecord.f1);
        }
        return keyAndRecord;
    }
}
