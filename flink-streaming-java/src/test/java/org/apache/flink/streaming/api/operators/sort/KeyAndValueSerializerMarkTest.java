/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators.sort;

import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.streaming.runtime.io.TaglessNetwork;
import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A batch job's sort of a keyed input in a tagless task (FLIP-330) hands out records as upstream's
 * sort does, and a record whose timestamp stayed behind at the network edge with its mark; a sort
 * that does not know its records are tagless fails on such a record instead of losing the mark.
 */
class KeyAndValueSerializerMarkTest {

    private static final byte[] KEY = {1, 2, 3, 4};

    @Test
    void recordsWithoutARealTimestampComeOutAsUpstreamsSortHandsThemOut() throws Exception {
        KeyAndValueSerializer<Long> tagless = serializer(true);
        KeyAndValueSerializer<Long> tagged = serializer(false);

        for (StreamRecord<Long> record :
                List.of(new StreamRecord<>(7L), new StreamRecord<>(7L, Long.MIN_VALUE))) {
            byte[] bytes = bytes(tagless, record);
            StreamRecord<Long> sorted = read(tagless, bytes);

            assertThat(bytes).isEqualTo(bytes(tagged, record));
            assertThat(sorted).isEqualTo(read(tagged, bytes));
            assertThat(sorted.hasTimestamp()).isTrue();
            assertThat(DroppedTimestamps.isDropped(sorted)).isFalse();
        }
    }

    @Test
    void aRecordWhoseTimestampStayedBehindKeepsItsMark() throws Exception {
        KeyAndValueSerializer<Long> tagless = serializer(true);
        StreamRecord<Long> dropped = new StreamRecord<>(7L, 42L);
        DroppedTimestamps.drop(dropped);

        StreamRecord<Long> sorted = read(tagless, bytes(tagless, dropped));
        StreamRecord<Long> sortedByDuplicate =
                read((KeyAndValueSerializer<Long>) tagless.duplicate(), bytes(tagless, dropped));

        assertThat(DroppedTimestamps.isDropped(sorted)).isTrue();
        assertThat(sorted.hasTimestamp()).isFalse();
        assertThat(sorted.getValue()).isEqualTo(7L);
        assertThat(DroppedTimestamps.isDropped(sortedByDuplicate)).isTrue();
        assertThat(DroppedTimestamps.isDropped(dropped)).isTrue();
    }

    @Test
    void aSortCreatedOutsideATaglessTasksInitializationFailsOnAMarkedRecord() throws Exception {
        KeyAndValueSerializer<Long> unaware = serializer(false);
        StreamRecord<Long> dropped = new StreamRecord<>(7L, 42L);
        DroppedTimestamps.drop(dropped);

        assertThatThrownBy(() -> bytes(unaware, dropped))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot keep the mark of a timestamp left behind")
                .hasMessageContaining("pipeline.force-timestamp-support to true");
        assertThatThrownBy(() -> bytes((KeyAndValueSerializer<Long>) unaware.duplicate(), dropped))
                .isInstanceOf(IllegalStateException.class);
    }

    private static KeyAndValueSerializer<Long> serializer(boolean taglessTask) throws Exception {
        AtomicReference<KeyAndValueSerializer<Long>> created = new AtomicReference<>();
        TaglessNetwork.initializeTask(
                taglessTask,
                () ->
                        created.set(
                                new KeyAndValueSerializer<>(LongSerializer.INSTANCE, KEY.length)));
        return created.get();
    }

    private static byte[] bytes(KeyAndValueSerializer<Long> serializer, StreamRecord<Long> record)
            throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(32);
        serializer.serialize(Tuple2.of(KEY, record), out);
        return out.getCopyOfBuffer();
    }

    private static StreamRecord<Long> read(KeyAndValueSerializer<Long> serializer, byte[] bytes)
            throws IOException {
        return serializer.deserialize(new DataInputDeserializer(bytes)).f1;
    }
}
