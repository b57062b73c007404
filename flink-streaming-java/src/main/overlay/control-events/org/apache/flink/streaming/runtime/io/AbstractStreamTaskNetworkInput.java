/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.runtime.io.network.api.StreamRecordTimestampsEvent;
import org.apache.flink.runtime.io.network.api.serialization.RecordDeserializer;
import org.apache.flink.runtime.io.network.partition.consumer.BufferOrEvent;
import org.apache.flink.runtime.plugable.DeserializationDelegate;
import org.apache.flink.streaming.runtime.streamrecord.StreamElement;

import static org.apache.flink.util.Preconditions.checkState;

/**
 * Receives the control elements that cross the network as events (latency markers; in the tagless
 * mode of FLIP-330 also watermarks, watermark statuses, record attributes and the announcements of
 * the records' timestamps) and hands them to the operators as the stream elements they stand for,
 * in their place in the stream.
 */
public abstract class AbstractStreamTaskNetworkInput<
        T, R extends RecordDeserializer<DeserializationDelegate<StreamElement>>> {

    /**
     * Takes a channel's announcement of its tagless records' timestamps; hands a control element
     * that arrived as an event to the read loop as the next record to read ({@link
     * ControlElementDeserializer}), before anything that followed the event.
     */
    @Overlay.Wrap("1.20.5:2c797fb873b2")
    @SuppressWarnings("unchecked")
    protected DataInputStatus processEvent(BufferOrEvent bufferOrEvent) {
        if (bufferOrEvent.getEvent() instanceof StreamRecordTimestampsEvent) {
            checkState(taglessRecords != null, "Tagged records need no timestamp announcements");
            taglessRecords.onTimestampsEvent(
                    flattenedChannelIndices.get(bufferOrEvent.getChannelInfo()),
                    (StreamRecordTimestampsEvent) bufferOrEvent.getEvent());
            return DataInputStatus.MORE_AVAILABLE;
        }
        StreamElement element = ControlEvents.toStreamElement(bufferOrEvent.getEvent());
        if (element == null) {
            return processEvent$upstream(bufferOrEvent);
        }
        lastChannel = bufferOrEvent.getChannelInfo();
        currentRecordDeserializer = (R) new ControlElementDeserializer(element);
        return DataInputStatus.MORE_AVAILABLE;
    }
}
