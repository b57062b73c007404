/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.runtime.io.network.api.StreamRecordTimestampsEvent;
import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/** Each channel's tagless records take the timestamps that the channel last announced. */
class TaglessDeserializationDelegateTest {

    private final TaglessDeserializationDelegate input =
            new TaglessDeserializationDelegate(LongSerializer.INSTANCE, 3);

    @Test
    void recordsCarryFlinksNoTimestampUntilTheFirstAnnouncement() throws IOException {
        input.selectChannel(1);

        StreamRecord<?> record = read(7L);

        assertThat(record).isEqualTo(new StreamRecord<>(7L, Long.MIN_VALUE));
        assertThat(record.hasTimestamp()).isTrue();
        assertThat(DroppedTimestamps.isDropped(record)).isFalse();
    }

    @Test
    void eachChannelKeepsWhatItAnnounced() throws IOException {
        announce(1, StreamRecordTimestampsEvent.DROPPED);
        announce(2, StreamRecordTimestampsEvent.NONE);

        input.selectChannel(0);
        StreamRecord<?> noTimestamp = read(1L);
        input.selectChannel(1);
        StreamRecord<?> dropped = read(2L);
        input.selectChannel(2);
        StreamRecord<?> none = read(3L);
        input.selectChannel(0);
        StreamRecord<?> noTimestampAgain = read(4L);

        assertThat(noTimestamp).isEqualTo(new StreamRecord<>(1L, Long.MIN_VALUE));
        assertThat(noTimestamp.hasTimestamp()).isTrue();
        assertThat(DroppedTimestamps.isDropped(dropped)).isTrue();
        assertThat(dropped.hasTimestamp()).isFalse();
        assertThat(none.hasTimestamp()).isFalse();
        assertThat(DroppedTimestamps.isDropped(none)).isFalse();
        assertThat(noTimestampAgain).isEqualTo(new StreamRecord<>(4L, Long.MIN_VALUE));
    }

    @Test
    void anAnnouncementHoldsUntilTheNext() throws IOException {
        input.selectChannel(0);
        announce(0, StreamRecordTimestampsEvent.DROPPED);
        input.selectChannel(0);
        assertThat(DroppedTimestamps.isDropped(read(1L))).isTrue();

        announce(0, StreamRecordTimestampsEvent.NONE);
        input.selectChannel(0);
        StreamRecord<?> none = read(2L);

        assertThat(DroppedTimestamps.isDropped(none)).isFalse();
        assertThat(none.hasTimestamp()).isFalse();
    }

    private void announce(int channel, int kind) {
        input.onTimestampsEvent(channel, new StreamRecordTimestampsEvent(kind));
    }

    private StreamRecord<?> read(long value) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(8);
        out.writeLong(value);
        input.read(new DataInputDeserializer(out.getCopyOfBuffer()));
        return input.getInstance().asRecord();
    }
}
