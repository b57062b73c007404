/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.core.io.IOReadableWritable;

import java.io.IOException;

import static org.apache.flink.runtime.io.network.api.serialization.RecordDeserializer.DeserializationResult.PARTIAL_RECORD;

/** Hands the length of a record that sits whole in the buffer to its read. */
public class SpillingAdaptiveSpanningRecordDeserializer<T extends IOReadableWritable> {

    /**
     * Learns how the records of {@code target} are read, before the first of them, so that the
     * record path need not on its first record. Records may still be read into any other target.
     *
     * @param target the delegate that the task will read its records into
     */
    public void prepareFor(T target) {
        nonSpanningWrapper.prepareFor(target);
    }

    /**
     * A record that sits whole in the buffer is read in place, as upstream reads it, or through a
     * view of its bytes ({@link NonSpanningWrapper#readsInPlace}); one that does not is gathered.
     */
    @Overlay.Replace("1.20.5:0d0f8d21471b")
    private DeserializationResult readNonSpanningRecord(T target) throws IOException {
        int recordLength = nonSpanningWrapper.readInt();
        if (!nonSpanningWrapper.canReadRecord(recordLength)) {
            spanningWrapper.transferFrom(nonSpanningWrapper, recordLength);
            return PARTIAL_RECORD;
        }
        if (nonSpanningWrapper.readsInPlace(recordLength)) {
            return nonSpanningWrapper.readInto(target);
        }
        return nonSpanningWrapper.readThroughView(target, recordLength);
    }
}
