/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators.sort;

import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.streaming.runtime.io.TaglessRecordsException;
import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A batch job's sort of a keyed input (FLIP-330) takes records without a real timestamp as they
 * are, and refuses a record whose timestamp stayed behind at a tagless network edge: upstream's
 * sort orders the records of each key by their timestamps, which it no longer has.
 */
class KeyAndValueSerializerMarkTest {

    private static final byte[] KEY = {1, 2, 3, 4};

    private final KeyAndValueSerializer<Long> serializer =
            new KeyAndValueSerializer<>(LongSerializer.INSTANCE, KEY.length);

    @Test
    void recordsWithoutARealTimestampAreSortedAsTheyCame() throws Exception {
        for (StreamRecord<Long> record :
                List.of(new StreamRecord<>(7L), new StreamRecord<>(7L, Long.MIN_VALUE))) {
            DataOutputSerializer out = new DataOutputSerializer(32);
            serializer.serialize(Tuple2.of(KEY, record), out);

            Tuple2<byte[], StreamRecord<Long>> sorted =
                    serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));

            assertThat(sorted.f0).isEqualTo(KEY);
            assertThat(sorted.f1).isEqualTo(new StreamRecord<>(7L, Long.MIN_VALUE));
        }
    }

    @Test
    void refusesARecordWhoseTimestampStayedBehind() {
        StreamRecord<Long> dropped = new StreamRecord<>(7L, 42L);
        DroppedTimestamps.drop(dropped);

        assertThatThrownBy(() -> bytes(dropped))
                .isInstanceOf(TaglessRecordsException.class)
                .hasMessageStartingWith("The sort of a keyed input (BATCH execution")
                .hasMessageContaining("crossed the network without it")
                .hasMessageContaining("Set pipeline.force-timestamp-support to true");
    }

    private byte[] bytes(StreamRecord<Long> record) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(32);
        serializer.serialize(Tuple2.of(KEY, record), out);
        return out.getCopyOfBuffer();
    }
}
