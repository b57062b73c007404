/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.core.io.IOReadableWritable;

import java.io.IOException;

import static org.apache.flink.runtime.io.network.api.serialization.RecordDeserializer.DeserializationResult.PARTIAL_RECORD;
import static org.apache.flink.util.Preconditions.checkArgument;
import static org.apache.flink.util.Preconditions.checkState;

/**
 * Can hand its place to a {@link KnownLengthRecordDeserializer}, and reads records of a known
 * length for it.
 */
public class SpillingAdaptiveSpanningRecordDeserializer<T extends IOReadableWritable> {

    /**
     * A deserializer, in this one's place, of records of {@code recordLength} bytes each, which
     * travel without their length ({@link KnownLengthRecords}). It spills as this one would; this
     * one must not have been given a buffer, and is not used after.
     */
    public SpillingAdaptiveSpanningRecordDeserializer<T> readingKnownLength(int recordLength) {
        checkArgument(recordLength > 0, "Records of a known length have 1 byte or more");
        checkState(
                currentBuffer == null
                        && !nonSpanningWrapper.hasRemaining()
                        && spanningWrapper.getNumGatheredBytes() == 0,
                "A deserializer that has been given a buffer cannot read records of a known length");
        return new KnownLengthRecordDeserializer<>(this, recordLength);
    }

    /** A deserializer that takes over the wrappers of {@code replaced}. */
    SpillingAdaptiveSpanningRecordDeserializer(
            SpillingAdaptiveSpanningRecordDeserializer<T> replaced) {
        nonSpanningWrapper = replaced.nonSpanningWrapper;
        spanningWrapper = replaced.spanningWrapper;
    }

    /**
     * Reads the next record, of {@code recordLength} bytes without its length in front, as {@link
     * #getNextRecord} reads one with it: from the buffer if it holds all of it, else once the
     * spanning wrapper has gathered it.
     */
    DeserializationResult getNextRecordOfLength(T target, int recordLength) throws IOException {
        DeserializationResult result;
        if (!nonSpanningWrapper.hasRemaining()) {
            result = readNextRecord(target);
        } else if (nonSpanningWrapper.canReadRecord(recordLength)) {
            // nothing but the length marks where the next record begins: a read of another
            // length fails rather than leave the records after it to be read from the wrong bytes
            int start = nonSpanningWrapper.position();
            result = nonSpanningWrapper.readInto(target);
            RecordLengthMismatchException.checkRead(
                    target, nonSpanningWrapper.position() - start, recordLength);
        } else {
            spanningWrapper.transferFrom(nonSpanningWrapper, recordLength);
            result = PARTIAL_RECORD;
        }
        if (result.isBufferConsumed()) {
            currentBuffer.recycleBuffer();
            currentBuffer = null;
        }
        return result;
    }
}
