/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.core.io.IOReadableWritable;
import org.apache.flink.runtime.io.network.buffer.Buffer;
import org.apache.flink.util.CloseableIterator;

import java.io.IOException;

/**
 * Reads records that all have the same length and travel without it ({@link KnownLengthRecords}),
 * in the place of a deserializer of records with their length ({@link
 * SpillingAdaptiveSpanningRecordDeserializer#readingKnownLength}). A class of its own, so that the
 * reading of every other record stays upstream's code.
 */
final class KnownLengthRecordDeserializer<T extends IOReadableWritable>
        extends SpillingAdaptiveSpanningRecordDeserializer<T> {

    private final int recordLength;

    KnownLengthRecordDeserializer(
            SpillingAdaptiveSpanningRecordDeserializer<T> replaced, int recordLength) {
        super(replaced);
        this.recordLength = recordLength;
    }

    @Override
    public DeserializationResult getNextRecord(T target) throws IOException {
        return getNextRecordOfLength(target, recordLength);
    }

    /**
     * Records without their length are not kept as in-flight data: the tagless records that travel
     * so never take unaligned checkpoints, and a restore would read them as records with lengths.
     */
    @Override
    public CloseableIterator<Buffer> getUnconsumedBuffer() {
        throw new IllegalStateException(
                "Records of a known length travel without it and cannot be kept as in-flight"
                        + " data of an unaligned checkpoint");
    }
}
