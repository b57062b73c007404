/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.runtime.io.network.api.StreamRecordAttributesEvent;
import org.apache.flink.runtime.io.network.api.StreamRecordTimestampsEvent;
import org.apache.flink.runtime.io.network.api.StreamWatermarkEvent;
import org.apache.flink.runtime.io.network.api.StreamWatermarkStatusEvent;
import org.apache.flink.runtime.io.network.api.writer.RecordWriter;
import org.apache.flink.runtime.io.network.api.writer.RecordWriterBuilder;
import org.apache.flink.runtime.io.network.partition.PipelinedPartitionExtension;
import org.apache.flink.runtime.io.network.partition.SubpartitionContents;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.metrics.WatermarkGauge;
import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;
import org.apache.flink.streaming.runtime.streamrecord.RecordAttributes;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;
import org.apache.flink.types.IntValue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The rules a tagless output applies to control elements, which it sends as events. */
class TaglessControlOutputTest {

    @RegisterExtension
    final PipelinedPartitionExtension partition = new PipelinedPartitionExtension(2);

    private final WatermarkGauge gauge = new WatermarkGauge();

    @Test
    void broadcastsTheEndOfInputWatermarkAndChangesOfStatus() throws IOException {
        TaglessControlOutput output = output();

        output.emitWatermarkStatus(WatermarkStatus.ACTIVE);
        output.emitWatermarkStatus(WatermarkStatus.IDLE);
        output.emitWatermarkStatus(WatermarkStatus.IDLE);
        output.emitWatermark(Watermark.MAX_WATERMARK);
        output.emitWatermarkStatus(WatermarkStatus.ACTIVE);
        output.emitWatermark(Watermark.MAX_WATERMARK);
        output.emitRecordAttributes(new RecordAttributes(true));

        List<Object> expected =
                List.of(
                        new StreamWatermarkStatusEvent(StreamWatermarkStatusEvent.IDLE),
                        new StreamWatermarkStatusEvent(StreamWatermarkStatusEvent.ACTIVE),
                        new StreamWatermarkEvent(
                                Long.MAX_VALUE, StreamWatermarkEvent.ALL_SUBPARTITIONS),
                        new StreamRecordAttributesEvent(true));
        assertThat(events(0)).isEqualTo(expected);
        assertThat(events(1)).isEqualTo(expected);
        assertThat(gauge.getValue()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void addressesEachSubpartitionWhenConsumersAreNotKnown() throws IOException {
        partition.get().isNumberOfPartitionConsumerUndefined(true);
        TaglessControlOutput output = output();

        output.emitWatermark(Watermark.MAX_WATERMARK);
        output.emitRecordAttributes(new RecordAttributes(true));

        assertThat(events(0)).containsExactly(new StreamWatermarkEvent(Long.MAX_VALUE, 0));
        assertThat(events(1)).containsExactly(new StreamWatermarkEvent(Long.MAX_VALUE, 1));
    }

    @Test
    void announcesTheRecordsTimestampsWhenTheyChange() throws IOException {
        TaglessControlOutput output = output();
        StreamRecord<Long> dropped = new StreamRecord<>(3L, 42L);
        DroppedTimestamps.drop(dropped);

        output.announceTimestamps(new StreamRecord<>(1L, Long.MIN_VALUE));
        output.announceTimestamps(new StreamRecord<>(1L));
        output.announceTimestamps(new StreamRecord<>(2L));
        output.announceTimestamps(new StreamRecord<>(3L, 42L));
        output.announceTimestamps(dropped);
        output.announceTimestamps(new StreamRecord<>(4L, Long.MIN_VALUE));

        List<Object> expected =
                List.of(
                        new StreamRecordTimestampsEvent(StreamRecordTimestampsEvent.NONE),
                        new StreamRecordTimestampsEvent(StreamRecordTimestampsEvent.DROPPED),
                        new StreamRecordTimestampsEvent(StreamRecordTimestampsEvent.NO_TIMESTAMP));
        assertThat(events(0)).isEqualTo(expected);
        assertThat(events(1)).isEqualTo(expected);
    }

    /**
     * Where consumers read subpartitions interleaved, records with Flink's "no timestamp" cross as
     * they are, announcing nothing; from the first record of another kind on, every record counts
     * as dropped.
     */
    @Test
    void takesTimestampsAsDroppedFromTheFirstChangeWhenConsumersAreNotKnown() throws IOException {
        partition.get().isNumberOfPartitionConsumerUndefined(true);
        TaglessControlOutput output = output();

        output.announceTimestamps(new StreamRecord<>(1L, Long.MIN_VALUE));
        output.announceTimestamps(new StreamRecord<>(2L, Long.MIN_VALUE));
        output.announceTimestamps(new StreamRecord<>(3L));
        output.announceTimestamps(new StreamRecord<>(4L, Long.MIN_VALUE));
        output.announceTimestamps(new StreamRecord<>(5L, 42L));

        List<Object> expected =
                List.of(new StreamRecordTimestampsEvent(StreamRecordTimestampsEvent.DROPPED));
        assertThat(events(0)).isEqualTo(expected);
        assertThat(events(1)).isEqualTo(expected);
    }

    @Test
    void refusesOtherWatermarks() {
        assertThatThrownBy(() -> output().emitWatermark(new Watermark(42)))
                .isInstanceOf(TaglessRecordsException.class)
                .hasMessageContaining("pipeline.force-timestamp-support is false");
    }

    private TaglessControlOutput output() {
        RecordWriter<IntValue> writer = new RecordWriterBuilder<IntValue>().build(partition.get());
        return new TaglessControlOutput(writer, gauge);
    }

    private List<Object> events(int subpartition) throws IOException {
        return SubpartitionContents.read(partition.get(), subpartition);
    }
}
