/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.runtime.io.network.api.serialization.KnownLengthRecords;
import org.apache.flink.runtime.io.network.api.serialization.RecordDeserializer;
import org.apache.flink.runtime.io.network.api.serialization.SpillingAdaptiveSpanningRecordDeserializer;
import org.apache.flink.runtime.plugable.DeserializationDelegate;
import org.apache.flink.streaming.runtime.io.RecordWriterOutput;
import org.apache.flink.streaming.runtime.io.TaglessDeserializationDelegate;
import org.apache.flink.streaming.runtime.streamrecord.StreamElement;

/**
 * Sets up {@link PartitionHops} with tagless records (FLIP-330), which only Wirespeed has: kept out
 * of {@code PartitionHops}, whose copy runs on upstream's classes too.
 */
final class TaglessHops {

    private TaglessHops() {}

    /** Makes the output write its records tagless. */
    static void writeTagless(RecordWriterOutput<?> output) {
        output.useTaglessRecords(null);
    }

    /**
     * The deserializer that a tagless network input reads with: one of records of a known length
     * where the values have a fixed length, as {@code useTaglessRecords} sets up.
     */
    static RecordDeserializer<DeserializationDelegate<StreamElement>> deserializer(
            SpillingAdaptiveSpanningRecordDeserializer<DeserializationDelegate<StreamElement>>
                    deserializer,
            DeserializationDelegate<StreamElement> reader) {
        int recordLength = KnownLengthRecords.lengthOf(reader);
        return recordLength == KnownLengthRecords.NOT_KNOWN
                ? deserializer
                : deserializer.readingKnownLength(recordLength);
    }

    /** A reader of the tagless records of a network input of one channel. */
    static DeserializationDelegate<StreamElement> reader(TypeSerializer<?> valueSerializer) {
        return new TaglessDeserializationDelegate(valueSerializer, 1);
    }
}
