/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.runtime.event.AbstractEvent;
import org.apache.flink.runtime.io.network.api.LatencyMarkerEvent;
import org.apache.flink.runtime.io.network.api.StreamControlEvent;
import org.apache.flink.runtime.io.network.api.StreamRecordAttributesEvent;
import org.apache.flink.runtime.io.network.api.StreamRecordTimestampsEvent;
import org.apache.flink.runtime.io.network.api.StreamWatermarkEvent;
import org.apache.flink.runtime.io.network.api.StreamWatermarkStatusEvent;
import org.apache.flink.runtime.jobgraph.OperatorID;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The wire form of the {@link StreamControlEvent}s, for {@link EventSerializer}: like upstream's,
 * an {@code int} type tag first, then the fields, big-endian. The tags are far from upstream's
 * small consecutive ones so that events upstream adds later cannot collide with them.
 */
final class StreamControlEventCodec {

    /** The type tag of {@link LatencyMarkerEvent}. */
    static final int LATENCY_MARKER_EVENT = 0x5753_0001;

    /** The type tag of {@link StreamWatermarkEvent}. */
    static final int WATERMARK_EVENT = 0x5753_0002;

    /** The type tag of {@link StreamWatermarkStatusEvent}. */
    static final int WATERMARK_STATUS_EVENT = 0x5753_0003;

    /** The type tag of {@link StreamRecordAttributesEvent}. */
    static final int RECORD_ATTRIBUTES_EVENT = 0x5753_0004;

    /** The type tag of {@link StreamRecordTimestampsEvent}. */
    static final int RECORD_TIMESTAMPS_EVENT = 0x5753_0005;

    private StreamControlEventCodec() {}

    /** Whether the event is a stream control event, which {@link #serialize} writes. */
    static boolean isControlEvent(AbstractEvent event) {
        return Type.of(event.getClass()) != null;
    }

    /** Writes a stream control event. */
    static ByteBuffer serialize(AbstractEvent event) {
        ByteBuffer buffer;
        if (event instanceof LatencyMarkerEvent) {
            LatencyMarkerEvent marker = (LatencyMarkerEvent) event;
            buffer = allocate(LATENCY_MARKER_EVENT);
            buffer.putLong(marker.getMarkedTime());
            buffer.putLong(marker.getOperatorId().getLowerPart());
            buffer.putLong(marker.getOperatorId().getUpperPart());
            buffer.putInt(marker.getSubtaskIndex());
        } else if (event instanceof StreamWatermarkEvent) {
            StreamWatermarkEvent watermark = (StreamWatermarkEvent) event;
            buffer = allocate(WATERMARK_EVENT);
            buffer.putLong(watermark.getTimestamp());
            buffer.putInt(watermark.getSubpartition());
        } else if (event instanceof StreamWatermarkStatusEvent) {
            buffer = allocate(WATERMARK_STATUS_EVENT);
            buffer.putInt(((StreamWatermarkStatusEvent) event).getStatus());
        } else if (event instanceof StreamRecordTimestampsEvent) {
            buffer = allocate(RECORD_TIMESTAMPS_EVENT);
            buffer.put((byte) ((StreamRecordTimestampsEvent) event).getKind());
        } else {
            buffer = allocate(RECORD_ATTRIBUTES_EVENT);
            buffer.put((byte) (((StreamRecordAttributesEvent) event).isBacklog() ? 1 : 0));
        }
        buffer.flip();
        return buffer;
    }

    /** Whether the serialized event at the buffer's position is a stream control event. */
    static boolean isControlEvent(ByteBuffer buffer) {
        return buffer.remaining() >= Integer.BYTES && Type.of(peekTag(buffer)) != null;
    }

    /** Reads a stream control event and moves the buffer past it. */
    static AbstractEvent deserialize(ByteBuffer buffer) throws IOException {
        Type type = Type.of(peekTag(buffer));
        if (buffer.remaining() < type.size) {
            throw new IOException(
                    "Incomplete "
                            + type.name
                            + ": "
                            + buffer.remaining()
                            + " bytes, "
                            + type.size
                            + " expected");
        }
        ByteOrder order = buffer.order();
        buffer.order(ByteOrder.BIG_ENDIAN);
        try {
            buffer.getInt();
            switch (type) {
                case LATENCY_MARKER:
                    long markedTime = buffer.getLong();
                    OperatorID operatorId = new OperatorID(buffer.getLong(), buffer.getLong());
                    return new LatencyMarkerEvent(markedTime, operatorId, buffer.getInt());
                case WATERMARK:
                    return new StreamWatermarkEvent(buffer.getLong(), buffer.getInt());
                case WATERMARK_STATUS:
                    return new StreamWatermarkStatusEvent(buffer.getInt());
                case RECORD_TIMESTAMPS:
                    return new StreamRecordTimestampsEvent(buffer.get());
                default:
                    return new StreamRecordAttributesEvent(readBoolean(buffer));
            }
        } catch (IllegalArgumentException e) {
            throw new IOException("Corrupt " + type.name + ": " + e.getMessage(), e);
        } finally {
            buffer.order(order);
        }
    }

    private static ByteBuffer allocate(int tag) {
        return ByteBuffer.allocate(Type.of(tag).size).order(ByteOrder.BIG_ENDIAN).putInt(tag);
    }

    private static int peekTag(ByteBuffer buffer) {
        return buffer.duplicate().order(ByteOrder.BIG_ENDIAN).getInt();
    }

    private static boolean readBoolean(ByteBuffer buffer) {
        byte value = buffer.get();
        if (value != 0 && value != 1) {
            throw new IllegalArgumentException("Not a boolean: " + value);
        }
        return value == 1;
    }

    /**
     * The stream control events' types: their tags, classes and serialized sizes (type tag
     * included).
     */
    private enum Type {
        LATENCY_MARKER(
                LATENCY_MARKER_EVENT,
                LatencyMarkerEvent.class,
                Integer.BYTES + 3 * Long.BYTES + Integer.BYTES),
        WATERMARK(
                WATERMARK_EVENT,
                StreamWatermarkEvent.class,
                Integer.BYTES + Long.BYTES + Integer.BYTES),
        WATERMARK_STATUS(
                WATERMARK_STATUS_EVENT, StreamWatermarkStatusEvent.class, 2 * Integer.BYTES),
        RECORD_ATTRIBUTES(
                RECORD_ATTRIBUTES_EVENT, StreamRecordAttributesEvent.class, Integer.BYTES + 1),
        RECORD_TIMESTAMPS(
                RECORD_TIMESTAMPS_EVENT, StreamRecordTimestampsEvent.class, Integer.BYTES + 1);

        /** All types, kept once: {@code values()} copies its array on every call. */
        private static final Type[] ALL = values();

        private final int tag;
        private final Class<? extends AbstractEvent> eventClass;
        private final String name;
        private final int size;

        Type(int tag, Class<? extends AbstractEvent> eventClass, int size) {
            this.tag = tag;
            this.eventClass = eventClass;
            this.name = eventClass.getSimpleName();
            this.size = size;
        }

        static Type of(int tag) {
            for (Type type : ALL) {
                if (type.tag == tag) {
                    return type;
                }
            }
            return null;
        }

        static Type of(Class<?> eventClass) {
            for (Type type : ALL) {
                if (type.eventClass == eventClass) {
                    return type;
                }
            }
            return null;
        }
    }
}
