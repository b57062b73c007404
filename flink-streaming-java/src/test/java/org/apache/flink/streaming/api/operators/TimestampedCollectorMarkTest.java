/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators;

import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;
import org.apache.flink.streaming.runtime.streamrecord.LatencyMarker;
import org.apache.flink.streaming.runtime.streamrecord.RecordAttributes;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.streamrecord.TaglessInput;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;
import org.apache.flink.util.OutputTag;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A function's output takes the mark of a timestamp left behind on the network (FLIP-330) from its
 * input, as it takes the input's timestamp; outputs of timers and windows, which get a timestamp of
 * their own or none, carry no mark.
 */
class TimestampedCollectorMarkTest {

    private final List<Boolean> dropped = new ArrayList<>();

    private final TimestampedCollector<Long> collector = new TimestampedCollector<>(new Marks());

    @Test
    void anOutputOfARecordThatArrivedTaglessKeepsTheMark() throws IOException {
        collector.setTimestamp(TaglessInput.arrivedTagless(7L, LongSerializer.INSTANCE));
        collector.collect(8L);
        collector.collect(9L);
        collector.setTimestamp(new StreamRecord<>(7L, 42L));
        collector.collect(10L);
        collector.setTimestamp(new StreamRecord<>(7L));
        collector.collect(11L);

        assertThat(dropped).containsExactly(true, true, false, false);
    }

    @Test
    void timersAndWindowsClearTheMark() throws IOException {
        StreamRecord<Long> tagless = TaglessInput.arrivedTagless(7L, LongSerializer.INSTANCE);
        collector.setTimestamp(tagless);
        collector.eraseTimestamp();
        collector.collect(8L);
        collector.setTimestamp(tagless);
        collector.setAbsoluteTimestamp(99L);
        collector.collect(9L);
        collector.setTimestamp(tagless);
        collector.setAbsoluteTimestamp(Long.MIN_VALUE);
        collector.collect(10L);

        assertThat(dropped).containsExactly(false, false, false);
    }

    /** Records whether each record it is given carries the mark. */
    private final class Marks implements Output<StreamRecord<Long>> {

        @Override
        public void collect(StreamRecord<Long> record) {
            dropped.add(DroppedTimestamps.isDropped(record));
        }

        @Override
        public <X> void collect(OutputTag<X> outputTag, StreamRecord<X> record) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void emitWatermark(Watermark mark) {}

        @Override
        public void emitWatermarkStatus(WatermarkStatus watermarkStatus) {}

        @Override
        public void emitLatencyMarker(LatencyMarker latencyMarker) {}

        @Override
        public void emitRecordAttributes(RecordAttributes recordAttributes) {}

        @Override
        public void close() {}
    }
}
