/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.runtime.event.AbstractEvent;
import org.apache.flink.runtime.io.network.api.CancelCheckpointMarker;
import org.apache.flink.runtime.io.network.api.EndOfPartitionEvent;
import org.apache.flink.runtime.io.network.api.LatencyMarkerEvent;
import org.apache.flink.runtime.io.network.api.StreamRecordAttributesEvent;
import org.apache.flink.runtime.io.network.api.StreamRecordTimestampsEvent;
import org.apache.flink.runtime.io.network.api.StreamWatermarkEvent;
import org.apache.flink.runtime.io.network.api.StreamWatermarkStatusEvent;
import org.apache.flink.runtime.io.network.buffer.Buffer;
import org.apache.flink.runtime.jobgraph.OperatorID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The stream control events through {@link EventSerializer}, each with a type tag of its own. */
class StreamControlEventCodecTest {

    private final ClassLoader classLoader = getClass().getClassLoader();

    static Stream<Arguments> events() {
        return Stream.of(
                Arguments.of(
                        new LatencyMarkerEvent(1_700_000_000_123L, new OperatorID(42L, -7L), 3),
                        StreamControlEventCodec.LATENCY_MARKER_EVENT,
                        32),
                Arguments.of(
                        new StreamWatermarkEvent(Long.MAX_VALUE, -1),
                        StreamControlEventCodec.WATERMARK_EVENT,
                        16),
                Arguments.of(
                        new StreamWatermarkEvent(-5L, 7),
                        StreamControlEventCodec.WATERMARK_EVENT,
                        16),
                Arguments.of(
                        new StreamWatermarkStatusEvent(StreamWatermarkStatusEvent.IDLE),
                        StreamControlEventCodec.WATERMARK_STATUS_EVENT,
                        8),
                Arguments.of(
                        new StreamWatermarkStatusEvent(StreamWatermarkStatusEvent.ACTIVE),
                        StreamControlEventCodec.WATERMARK_STATUS_EVENT,
                        8),
                Arguments.of(
                        new StreamRecordAttributesEvent(true),
                        StreamControlEventCodec.RECORD_ATTRIBUTES_EVENT,
                        5),
                Arguments.of(
                        new StreamRecordAttributesEvent(false),
                        StreamControlEventCodec.RECORD_ATTRIBUTES_EVENT,
                        5),
                Arguments.of(
                        new StreamRecordTimestampsEvent(StreamRecordTimestampsEvent.NONE),
                        StreamControlEventCodec.RECORD_TIMESTAMPS_EVENT,
                        5),
                Arguments.of(
                        new StreamRecordTimestampsEvent(StreamRecordTimestampsEvent.NO_TIMESTAMP),
                        StreamControlEventCodec.RECORD_TIMESTAMPS_EVENT,
                        5),
                Arguments.of(
                        new StreamRecordTimestampsEvent(StreamRecordTimestampsEvent.DROPPED),
                        StreamControlEventCodec.RECORD_TIMESTAMPS_EVENT,
                        5));
    }

    @ParameterizedTest
    @MethodSource("events")
    void roundTripsWithItsOwnTypeTag(AbstractEvent event, int tag, int size) throws IOException {
        ByteBuffer serialized = EventSerializer.toSerializedEvent(event);

        assertThat(serialized.remaining()).isEqualTo(size);
        assertThat(serialized.duplicate().getInt()).isEqualTo(tag);
        assertThat(EventSerializer.fromSerializedEvent(serialized, classLoader)).isEqualTo(event);
        assertThat(serialized.remaining()).isZero();
    }

    @ParameterizedTest
    @MethodSource("events")
    void roundTripsAsANetworkBuffer(AbstractEvent event) throws IOException {
        Buffer buffer = EventSerializer.toBuffer(event, false);

        assertThat(buffer.isBuffer()).isFalse();
        assertThat(EventSerializer.fromBuffer(buffer, classLoader)).isEqualTo(event);
    }

    @ParameterizedTest
    @MethodSource("events")
    void failsClearlyOnATruncatedEvent(AbstractEvent event, int tag, int size) throws IOException {
        ByteBuffer serialized = EventSerializer.toSerializedEvent(event);
        serialized.limit(size - 1);

        assertThatThrownBy(() -> EventSerializer.fromSerializedEvent(serialized, classLoader))
                .isInstanceOf(IOException.class)
                .hasMessage(
                        "Incomplete "
                                + event.getClass().getSimpleName()
                                + ": "
                                + (size - 1)
                                + " bytes, "
                                + size
                                + " expected");
    }

    @Test
    void failsClearlyOnValuesNoEventHas() {
        assertThatThrownBy(() -> read(StreamControlEventCodec.WATERMARK_STATUS_EVENT, 5))
                .isInstanceOf(IOException.class)
                .hasMessage("Corrupt StreamWatermarkStatusEvent: Not a watermark status: 5");
        assertThatThrownBy(() -> read(StreamControlEventCodec.WATERMARK_EVENT, 0, 0, -2))
                .hasMessage("Corrupt StreamWatermarkEvent: Not a subpartition index: -2");
        ByteBuffer attributes =
                ByteBuffer.allocate(5)
                        .putInt(StreamControlEventCodec.RECORD_ATTRIBUTES_EVENT)
                        .put((byte) 2);
        attributes.flip();
        assertThatThrownBy(() -> EventSerializer.fromSerializedEvent(attributes, classLoader))
                .hasMessage("Corrupt StreamRecordAttributesEvent: Not a boolean: 2");
        ByteBuffer timestamps =
                ByteBuffer.allocate(5)
                        .putInt(StreamControlEventCodec.RECORD_TIMESTAMPS_EVENT)
                        .put((byte) 3);
        timestamps.flip();
        assertThatThrownBy(() -> EventSerializer.fromSerializedEvent(timestamps, classLoader))
                .hasMessage(
                        "Corrupt StreamRecordTimestampsEvent: Not a kind of record timestamps: 3");
    }

    @Test
    void leavesUpstreamsEventsAsTheyWere() throws IOException {
        ByteBuffer endOfPartition = EventSerializer.toSerializedEvent(EndOfPartitionEvent.INSTANCE);
        assertThat(endOfPartition.remaining()).isEqualTo(4);
        assertThat(endOfPartition.getInt(0)).isZero();
        ByteBuffer cancel = EventSerializer.toSerializedEvent(new CancelCheckpointMarker(9L));
        assertThat(cancel.getInt(0)).isEqualTo(4);
        assertThat(EventSerializer.fromSerializedEvent(cancel, classLoader))
                .isEqualTo(new CancelCheckpointMarker(9L));
    }

    private AbstractEvent read(int tag, int... ints) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(4 + 4 * ints.length).putInt(tag);
        for (int value : ints) {
            buffer.putInt(value);
        }
        buffer.flip();
        return EventSerializer.fromSerializedEvent(buffer, classLoader);
    }
}
