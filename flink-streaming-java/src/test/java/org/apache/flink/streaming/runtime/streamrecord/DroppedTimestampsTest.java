/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.streamrecord;

import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.io.TaglessRecordsException;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;
import org.apache.flink.util.OutputTag;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A record read tagless keeps the mark of its missing timestamp through the ways a chain hands it
 * on, until an operator sets or erases its timestamp.
 */
class DroppedTimestampsTest {

    @Test
    void aRecordReadTaglessRefusesItsTimestamp() throws IOException {
        StreamRecord<Long> record = arrivedTagless(7L);

        assertThat(record.hasTimestamp()).isFalse();
        assertThatThrownBy(() -> DroppedTimestamps.checkReadable(record, "reader"))
                .isInstanceOf(TaglessRecordsException.class)
                .hasMessageStartingWith(
                        "Operator 'reader' read the timestamp of a record that crossed the"
                                + " network without it")
                .hasMessageContaining("Set pipeline.force-timestamp-support to true")
                .hasMessageContaining("TimestampAssigner.NO_TIMESTAMP")
                // a record restored marked into a job that now keeps timestamps meets it too
                .hasMessageContaining("also for the records that a savepoint taken then holds");
    }

    @Test
    void recordsWithOrWithoutTimestampAreReadable() {
        DroppedTimestamps.checkReadable(new StreamRecord<>(7L), "reader");
        DroppedTimestamps.checkReadable(new StreamRecord<>(7L, 42L), "reader");
        DroppedTimestamps.checkReadable(null, "reader");

        assertThat(DroppedTimestamps.isDropped(new StreamRecord<>(7L))).isFalse();
    }

    @Test
    void newValuesAndCopiesKeepTheMark() throws IOException {
        StreamRecord<Long> target = new StreamRecord<>(0L, 42L);

        arrivedTagless(7L).copyTo(8L, target);

        assertThat(DroppedTimestamps.isDropped(arrivedTagless(7L).replace("seven"))).isTrue();
        assertThat(DroppedTimestamps.isDropped(arrivedTagless(7L).copy(8L))).isTrue();
        assertThat(DroppedTimestamps.isDropped(target)).isTrue();
        assertThat(target.hasTimestamp()).isFalse();
    }

    @Test
    void settingOrErasingTheTimestampClearsTheMark() throws IOException {
        StreamRecord<Long> set = arrivedTagless(7L);
        StreamRecord<Long> erased = arrivedTagless(7L);
        StreamRecord<Long> copied = new StreamRecord<>(0L);
        set.setTimestamp(42L);
        erased.eraseTimestamp();
        new StreamRecord<>(8L, 42L).copyTo(8L, copied);

        assertThat(DroppedTimestamps.isDropped(set)).isFalse();
        assertThat(DroppedTimestamps.isDropped(arrivedTagless(7L).replace(8L, 42L))).isFalse();
        assertThat(DroppedTimestamps.isDropped(erased)).isFalse();
        assertThat(DroppedTimestamps.isDropped(copied)).isFalse();
        assertThat(set.getTimestamp()).isEqualTo(42L);
    }

    @Test
    void settingNoTimestampKeepsTheMark() throws IOException {
        StreamRecord<Long> passedOn = arrivedTagless(7L);
        StreamRecord<Long> unmarked = new StreamRecord<>(7L);
        passedOn.setTimestamp(Long.MIN_VALUE);
        unmarked.setTimestamp(Long.MIN_VALUE);

        assertThat(DroppedTimestamps.isDropped(passedOn)).isTrue();
        assertThat(DroppedTimestamps.isDropped(unmarked)).isFalse();
        assertThatThrownBy(() -> DroppedTimestamps.checkReadable(passedOn, "reader"))
                .isInstanceOf(TaglessRecordsException.class);
    }

    @Test
    void aTargetInheritsTheMarkWithTheTimestamp() throws IOException {
        StreamRecord<String> target = new StreamRecord<>("out");

        DroppedTimestamps.inherit(arrivedTagless(7L), target);
        assertThat(DroppedTimestamps.isDropped(target)).isTrue();

        DroppedTimestamps.inherit(new StreamRecord<>(7L, 42L), target);
        assertThat(DroppedTimestamps.isDropped(target)).isFalse();
    }

    @Test
    void recordsWithoutARealTimestampCrossTheNetworkAsTheyAre() throws IOException {
        StreamRecord<Long> none = new StreamRecord<>(7L);
        StreamRecord<Long> noTimestamp = new StreamRecord<>(7L, Long.MIN_VALUE);

        assertThat(sendTagless(none)).isEqualTo(none);
        assertThat(sendTagless(none).hasTimestamp()).isFalse();
        assertThat(sendTagless(noTimestamp)).isEqualTo(noTimestamp);
        assertThat(sendTagless(noTimestamp).hasTimestamp()).isTrue();
        assertThat(DroppedTimestamps.isDropped(sendTagless(none))).isFalse();
        assertThat(DroppedTimestamps.isDropped(sendTagless(noTimestamp))).isFalse();
    }

    @Test
    void aMarkedRecordKeepsItsMarkOverAFurtherEdge() throws IOException {
        StreamRecord<Long> once = arrivedTagless(7L);
        StreamRecord<Long> passedOn = new StreamRecord<>(7L, Long.MIN_VALUE);
        DroppedTimestamps.inherit(once, passedOn);

        assertThat(DroppedTimestamps.isDropped(sendTagless(once))).isTrue();
        assertThat(DroppedTimestamps.isDropped(sendTagless(passedOn))).isTrue();
    }

    @Test
    void aSideOutputTakesTheTimestampAndTheMarkOfTheRecordBeingProcessed() throws IOException {
        SideOutput output = new SideOutput();

        DroppedTimestamps.emitSideOutput(output, TAG, 1L, new StreamRecord<>(7L, 42L));
        DroppedTimestamps.emitSideOutput(output, TAG, 2L, arrivedTagless(7L));
        DroppedTimestamps.emitSideOutput(output, TAG, 3L, new StreamRecord<>(7L));

        assertThat(output.records)
                .containsExactly(
                        new StreamRecord<>(1L, 42L),
                        new StreamRecord<>(2L),
                        new StreamRecord<>(3L, Long.MIN_VALUE));
        assertThat(output.records)
                .extracting(DroppedTimestamps::isDropped)
                .containsExactly(false, true, false);
        assertThatThrownBy(
                        () ->
                                DroppedTimestamps.emitSideOutput(
                                        output, null, 4L, new StreamRecord<>(7L)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("OutputTag must not be null.");
    }

    private static final OutputTag<Long> TAG = new OutputTag<>("side", Types.LONG);

    /** Keeps the records sent to {@link #TAG}. */
    private static final class SideOutput implements Output<StreamRecord<Long>> {

        private final List<StreamRecord<?>> records = new ArrayList<>();

        @Override
        public <X> void collect(OutputTag<X> outputTag, StreamRecord<X> record) {
            assertThat(outputTag).isEqualTo(TAG);
            records.add(record);
        }

        @Override
        public void collect(StreamRecord<Long> record) {
            throw new UnsupportedOperationException("main output");
        }

        @Override
        public void emitWatermark(Watermark mark) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void emitWatermarkStatus(WatermarkStatus watermarkStatus) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void emitLatencyMarker(LatencyMarker latencyMarker) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void emitRecordAttributes(RecordAttributes recordAttributes) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {}
    }

    private static StreamRecord<Long> sendTagless(StreamRecord<Long> sent) throws IOException {
        return TaglessInput.sendTagless(sent, LongSerializer.INSTANCE);
    }

    private static StreamRecord<Long> arrivedTagless(long value) throws IOException {
        return TaglessInput.arrivedTagless(value, LongSerializer.INSTANCE);
    }
}
