/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.runtime.io.network.api.serialization.RecordDeserializer;
import org.apache.flink.runtime.io.network.partition.consumer.BufferOrEvent;
import org.apache.flink.runtime.plugable.DeserializationDelegate;
import org.apache.flink.runtime.plugable.NonReusingDeserializationDelegate;
import org.apache.flink.streaming.runtime.streamrecord.StreamElement;
import org.apache.flink.streaming.runtime.streamrecord.TaglessRecordSerializer;

import javax.annotation.Nullable;

/**
 * Receives the control elements that cross the network as events (FLIP-330) and hands them to the
 * operators as the stream elements they stand for, in their place in the stream; can read tagless
 * records.
 */
public abstract class AbstractStreamTaskNetworkInput<
        T, R extends RecordDeserializer<DeserializationDelegate<StreamElement>>> {

    /** Not final: {@link #useTaglessRecords()} replaces it. */
    @Overlay.Replace protected DeserializationDelegate<StreamElement> deserializationDelegate;

    private boolean taglessRecords;

    /** A control element received as an event, to be handed on by the next {@link #emitNext}. */
    @Nullable private StreamElement pendingControlElement;

    /** Reads the records of this input as their values' bytes only (FLIP-330). */
    public void useTaglessRecords() {
        deserializationDelegate =
                new NonReusingDeserializationDelegate<>(
                        new TaglessRecordSerializer<>(inputSerializer));
        taglessRecords = true;
    }

    /** Whether this input reads tagless records. */
    public boolean isTaglessRecords() {
        return taglessRecords;
    }

    @Overlay.Wrap
    @Override
    public DataInputStatus emitNext(DataOutput<T> output) throws Exception {
        DataInputStatus status = emitNext$upstream(output);
        if (pendingControlElement == null) {
            return status;
        }
        StreamElement element = pendingControlElement;
        pendingControlElement = null;
        processElement(element, output);
        return DataInputStatus.MORE_AVAILABLE;
    }

    /**
     * Keeps a control element that arrived as an event for {@link #emitNext} to hand on, and makes
     * the upstream loop return to it at once, before it reads anything that followed the event.
     */
    @Overlay.Wrap
    protected DataInputStatus processEvent(BufferOrEvent bufferOrEvent) {
        StreamElement element = ControlEvents.toStreamElement(bufferOrEvent.getEvent());
        if (element == null) {
            return processEvent$upstream(bufferOrEvent);
        }
        lastChannel = bufferOrEvent.getChannelInfo();
        pendingControlElement = element;
        return DataInputStatus.NOTHING_AVAILABLE;
    }
}
