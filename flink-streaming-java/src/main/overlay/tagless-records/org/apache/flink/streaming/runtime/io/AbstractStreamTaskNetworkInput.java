/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.runtime.io.network.api.serialization.KnownLengthRecords;
import org.apache.flink.runtime.io.network.api.serialization.RecordDeserializer;
import org.apache.flink.runtime.io.network.api.serialization.SpillingAdaptiveSpanningRecordDeserializer;
import org.apache.flink.runtime.io.network.partition.consumer.BufferOrEvent;
import org.apache.flink.runtime.plugable.DeserializationDelegate;
import org.apache.flink.streaming.runtime.streamrecord.StreamElement;

import javax.annotation.Nullable;

import java.io.IOException;

/**
 * Can read the records of this input as their values' bytes only, without element tag or timestamp
 * (FLIP-330), taking their timestamps from their channels' announcements.
 */
public abstract class AbstractStreamTaskNetworkInput<
        T, R extends RecordDeserializer<DeserializationDelegate<StreamElement>>> {

    /** Not final: {@link #useTaglessRecords()} replaces it. */
    @Overlay.Replace("1.20.5:df6c08321bf0")
    protected DeserializationDelegate<StreamElement> deserializationDelegate;

    /** Reads the records when they travel tagless; null when they are tagged. */
    @Nullable private TaglessDeserializationDelegate taglessRecords;

    /**
     * Reads the records of this input as their values' bytes only (FLIP-330); those of a value of a
     * fixed length travel without their length too ({@link KnownLengthRecords}). Called before the
     * input reads a buffer.
     */
    public void useTaglessRecords() {
        taglessRecords =
                new TaglessDeserializationDelegate(inputSerializer, flattenedChannelIndices.size());
        deserializationDelegate = taglessRecords;
        int recordLength = KnownLengthRecords.lengthOf(taglessRecords);
        if (recordLength != KnownLengthRecords.NOT_KNOWN) {
            recordDeserializers.replaceAll(
                    (channel, deserializer) -> readingKnownLength(deserializer, recordLength));
        }
        prepareRecordDeserializers();
    }

    /**
     * A deserializer of records of a known length in the place of {@code deserializer}. Only the
     * deserializers of network channels read tagless records: those that read the in-flight data of
     * an unaligned checkpoint never do, since tagless tasks restore none ({@link
     * TaglessNetwork#checkCanRestore}).
     */
    @SuppressWarnings("unchecked")
    private R readingKnownLength(R deserializer, int recordLength) {
        if (deserializer instanceof SpillingAdaptiveSpanningRecordDeserializer) {
            return (R)
                    ((SpillingAdaptiveSpanningRecordDeserializer<
                                            DeserializationDelegate<StreamElement>>)
                                    deserializer)
                            .readingKnownLength(recordLength);
        }
        return deserializer;
    }

    /** Whether this input reads tagless records. */
    public boolean isTaglessRecords() {
        return taglessRecords != null;
    }

    /** Tagless records take the timestamps that their channel last announced. */
    @Overlay.Wrap("1.20.5:ca2e2f1a67be")
    protected void processBuffer(BufferOrEvent bufferOrEvent) throws IOException {
        processBuffer$upstream(bufferOrEvent);
        if (taglessRecords != null) {
            taglessRecords.selectChannel(flattenedChannelIndices.get(lastChannel));
        }
    }
}
