/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.io.IOReadableWritable;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.runtime.plugable.SerializationDelegate;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The serialization delegate of {@link KnownLengthRecords}: what the record writer asks of every
 * record it serializes. A class rather than the interface alone, since a record writer tells it
 * apart from other delegates with one compare of its class, where a test for the interface, which
 * other delegates do not implement, made records of a string and a number a quarter slower to
 * write.
 */
@Internal
public class KnownLengthSerializationDelegate<T> extends SerializationDelegate<T>
        implements KnownLengthRecords {

    private final TypeSerializer<?> valueSerializer;

    /** The bytes of each record, or {@link #NOT_KNOWN}. */
    private final int recordLength;

    /**
     * @param serializer the serializer of the records
     * @param valueSerializer the serializer of the values whose bytes the records are
     */
    public KnownLengthSerializationDelegate(
            TypeSerializer<T> serializer, TypeSerializer<?> valueSerializer) {
        super(serializer);
        this.valueSerializer = valueSerializer;
        this.recordLength = KnownLengthRecords.lengthOf(this);
    }

    /** Final: the constructor reads it to find the records' length. */
    @Override
    public final TypeSerializer<?> getValueSerializer() {
        return valueSerializer;
    }

    /**
     * The bytes of {@code record}, a serialization delegate, if it travels without its length; else
     * {@link #NOT_KNOWN}.
     */
    public static int recordLength(IOReadableWritable record) {
        return record instanceof KnownLengthSerializationDelegate
                ? ((KnownLengthSerializationDelegate<?>) record).recordLength
                : NOT_KNOWN;
    }

    /** Whether {@code record} is one that travels without its length. */
    public static boolean travelsWithoutLength(IOReadableWritable record) {
        return recordLength(record) != NOT_KNOWN;
    }

    /**
     * Serializes {@code record}, one that {@link #travelsWithoutLength}, into the serializer's
     * array without its length, and returns the array's bytes.
     */
    public static ByteBuffer serializeWithoutLength(
            DataOutputSerializer serializer, IOReadableWritable record) throws IOException {
        serializer.clear();
        record.write(serializer);
        RecordLengthMismatchException.check(
                record,
                serializer.length(),
                ((KnownLengthSerializationDelegate<?>) record).recordLength);
        return serializer.wrapAsByteBuffer();
    }
}
