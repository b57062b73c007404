/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.runtime.event.AbstractEvent;
import org.apache.flink.runtime.io.network.api.CancelCheckpointMarker;
import org.apache.flink.runtime.io.network.api.EndOfPartitionEvent;
import org.apache.flink.runtime.io.network.api.LatencyMarkerEvent;
import org.apache.flink.runtime.io.network.buffer.Buffer;
import org.apache.flink.runtime.jobgraph.OperatorID;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.ByteBuffer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link LatencyMarkerEvent} through {@link EventSerializer}, with a type tag of its own. */
class LatencyMarkerEventSerializationTest {

    private static final LatencyMarkerEvent MARKER =
            new LatencyMarkerEvent(1_700_000_000_123L, new OperatorID(42L, -7L), 3);

    @Test
    void roundTripsWithItsOwnTypeTag() throws IOException {
        ByteBuffer serialized = EventSerializer.toSerializedEvent(MARKER);

        assertThat(serialized.remaining()).isEqualTo(32);
        assertThat(serialized.duplicate().getInt()).isEqualTo(ForkEvents.LATENCY_MARKER_EVENT);
        AbstractEvent read =
                EventSerializer.fromSerializedEvent(serialized, getClass().getClassLoader());
        assertThat(read).isEqualTo(MARKER);
        LatencyMarkerEvent marker = (LatencyMarkerEvent) read;
        assertThat(marker.getMarkedTime()).isEqualTo(1_700_000_000_123L);
        assertThat(marker.getOperatorId()).isEqualTo(new OperatorID(42L, -7L));
        assertThat(marker.getSubtaskIndex()).isEqualTo(3);
    }

    @Test
    void roundTripsAsANetworkBuffer() throws IOException {
        Buffer buffer = EventSerializer.toBuffer(MARKER, false);

        assertThat(buffer.isBuffer()).isFalse();
        assertThat(EventSerializer.fromBuffer(buffer, getClass().getClassLoader()))
                .isEqualTo(MARKER);
    }

    @Test
    void leavesUpstreamsEventsAsTheyWere() throws IOException {
        assertThat(bytes(EventSerializer.toSerializedEvent(EndOfPartitionEvent.INSTANCE)))
                .containsExactly(0, 0, 0, 0);
        ByteBuffer cancel = EventSerializer.toSerializedEvent(new CancelCheckpointMarker(9L));
        assertThat(cancel.getInt(0)).isEqualTo(4);
        assertThat(EventSerializer.fromSerializedEvent(cancel, getClass().getClassLoader()))
                .isEqualTo(new CancelCheckpointMarker(9L));
    }

    @Test
    void failsClearlyOnATruncatedMarker() throws IOException {
        ByteBuffer serialized = EventSerializer.toSerializedEvent(MARKER);
        serialized.limit(20);

        assertThatThrownBy(
                        () ->
                                EventSerializer.fromSerializedEvent(
                                        serialized, getClass().getClassLoader()))
                .isInstanceOf(IOException.class)
                .hasMessage("Incomplete LatencyMarkerEvent: 20 bytes, 32 expected");
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }
}
