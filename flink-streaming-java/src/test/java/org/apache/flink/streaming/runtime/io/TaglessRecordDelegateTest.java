/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.runtime.io.network.api.StreamRecordTimestampsEvent;
import org.apache.flink.runtime.io.network.api.writer.RecordWriter;
import org.apache.flink.runtime.io.network.api.writer.RecordWriterBuilder;
import org.apache.flink.runtime.io.network.partition.PipelinedPartitionExtension;
import org.apache.flink.runtime.io.network.partition.SubpartitionContents;
import org.apache.flink.streaming.runtime.metrics.WatermarkGauge;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.types.IntValue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The tagless mode's work on each record a tagless output writes: the value's bytes only, the
 * timestamps announced before the record, a user's operator's timestamped record refused.
 */
class TaglessRecordDelegateTest {

    @RegisterExtension
    final PipelinedPartitionExtension partition = new PipelinedPartitionExtension(1);

    @Test
    void writesTheValueOnlyAfterAnnouncingItsTimestamps() throws IOException {
        TaglessRecordDelegate delegate = delegate(null);
        DataOutputSerializer bytes = new DataOutputSerializer(16);

        delegate.setInstance(new StreamRecord<>(7L, 42L));
        delegate.write(bytes);

        assertThat(bytes.length()).isEqualTo(Long.BYTES);
        assertThat(SubpartitionContents.read(partition.get(), 0))
                .containsExactly(
                        new StreamRecordTimestampsEvent(StreamRecordTimestampsEvent.DROPPED));
    }

    @Test
    void refusesATimestampedRecordOfAUsersOperator() {
        TaglessRecordDelegate delegate = delegate("stamps");

        delegate.setInstance(new StreamRecord<>(7L, Long.MIN_VALUE));
        assertThatThrownBy(() -> delegate.setInstance(new StreamRecord<>(8L, 42L)))
                .isInstanceOf(TaglessRecordsException.class)
                .hasMessageContaining("Operator 'stamps' emitted a record with timestamp 42");
    }

    private TaglessRecordDelegate delegate(String timestampRefusingOperator) {
        RecordWriter<IntValue> writer = new RecordWriterBuilder<IntValue>().build(partition.get());
        return new TaglessRecordDelegate(
                LongSerializer.INSTANCE,
                new TaglessControlOutput(writer, new WatermarkGauge()),
                timestampRefusingOperator);
    }
}
