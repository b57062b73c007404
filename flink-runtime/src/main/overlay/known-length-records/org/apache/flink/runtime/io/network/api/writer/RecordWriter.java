/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.writer;

import org.apache.flink.core.io.IOReadableWritable;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.runtime.io.network.api.serialization.KnownLengthRecords;
import org.apache.flink.runtime.io.network.api.serialization.KnownLengthSerializationDelegate;

import java.io.IOException;
import java.nio.ByteBuffer;

/** Writes records of {@link KnownLengthRecords} without their length. */
public abstract class RecordWriter<T extends IOReadableWritable> {

    /**
     * Serializes the record into the serializer's array behind its length as a 4-byte int, and
     * returns the array's bytes; a record of {@link KnownLengthRecords} without its length.
     *
     * <p>Records are told apart by their class ({@link KnownLengthSerializationDelegate}): a test
     * here for the interface {@link KnownLengthRecords}, which the records of other delegates do
     * not implement, made records of a string and a number a quarter slower to write.
     */
    @Overlay.Replace("1.20.5:c3925c54143c")
    public static ByteBuffer serializeRecord(
            DataOutputSerializer serializer, IOReadableWritable record) throws IOException {
        if (KnownLengthSerializationDelegate.travelsWithoutLength(record)) {
            return KnownLengthSerializationDelegate.serializeWithoutLength(serializer, record);
        }
        serializer.setPositionUnsafe(Integer.BYTES);
        record.write(serializer);
        return withLengthInFront(serializer);
    }

    /** Writes the length of the record behind the first 4 bytes into them; returns all bytes. */
    private static ByteBuffer withLengthInFront(DataOutputSerializer serializer)
            throws IOException {
        serializer.writeIntUnsafe(serializer.length() - Integer.BYTES, 0);
        return serializer.wrapAsByteBuffer();
    }
}
