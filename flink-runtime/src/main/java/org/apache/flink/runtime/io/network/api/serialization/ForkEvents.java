/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.runtime.event.AbstractEvent;
import org.apache.flink.runtime.io.network.api.LatencyMarkerEvent;
import org.apache.flink.runtime.jobgraph.OperatorID;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The wire form of the events Wirespeed adds, for {@link EventSerializer}: like upstream's, an
 * {@code int} type tag first, big-endian. The tags are far from upstream's small consecutive ones
 * so that events upstream adds later cannot collide with them.
 */
final class ForkEvents {

    /** The type tag of {@link LatencyMarkerEvent}. */
    static final int LATENCY_MARKER_EVENT = 0x5753_0001;

    private static final int LATENCY_MARKER_SIZE = Integer.BYTES + 3 * Long.BYTES + Integer.BYTES;

    private ForkEvents() {}

    /** Whether the event is one of the fork's, which {@link #serialize} writes. */
    static boolean isForkEvent(AbstractEvent event) {
        return event.getClass() == LatencyMarkerEvent.class;
    }

    /** Writes one of the fork's events. */
    static ByteBuffer serialize(AbstractEvent event) {
        LatencyMarkerEvent marker = (LatencyMarkerEvent) event;
        ByteBuffer buffer = ByteBuffer.allocate(LATENCY_MARKER_SIZE).order(ByteOrder.BIG_ENDIAN);
        buffer.putInt(LATENCY_MARKER_EVENT);
        buffer.putLong(marker.getMarkedTime());
        buffer.putLong(marker.getOperatorId().getLowerPart());
        buffer.putLong(marker.getOperatorId().getUpperPart());
        buffer.putInt(marker.getSubtaskIndex());
        buffer.flip();
        return buffer;
    }

    /** Whether the serialized event at the buffer's position is one of the fork's. */
    static boolean isForkEvent(ByteBuffer buffer) {
        return buffer.remaining() >= Integer.BYTES
                && buffer.duplicate().order(ByteOrder.BIG_ENDIAN).getInt() == LATENCY_MARKER_EVENT;
    }

    /** Reads one of the fork's events and moves the buffer past it. */
    static AbstractEvent deserialize(ByteBuffer buffer) throws IOException {
        if (buffer.remaining() < LATENCY_MARKER_SIZE) {
            throw new IOException(
                    "Incomplete LatencyMarkerEvent: "
                            + buffer.remaining()
                            + " bytes, "
                            + LATENCY_MARKER_SIZE
                            + " expected");
        }
        ByteOrder order = buffer.order();
        buffer.order(ByteOrder.BIG_ENDIAN);
        try {
            buffer.getInt();
            long markedTime = buffer.getLong();
            OperatorID operatorId = new OperatorID(buffer.getLong(), buffer.getLong());
            return new LatencyMarkerEvent(markedTime, operatorId, buffer.getInt());
        } finally {
            buffer.order(order);
        }
    }
}
