/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.core.io.IOReadableWritable;
import org.apache.flink.runtime.throwable.ThrowableAnnotation;
import org.apache.flink.runtime.throwable.ThrowableType;

import java.io.IOException;

/**
 * A serializer wrote or read a record of another length than the fixed length it declares, so that
 * its records cannot travel without their length ({@link KnownLengthRecords}): the reader would
 * take the bytes of one record for those of the next. A restart writes and reads the same bytes
 * again, so the job fails without restarts.
 */
@Internal
@ThrowableAnnotation(ThrowableType.NonRecoverableError)
public final class RecordLengthMismatchException extends IOException {

    private static final long serialVersionUID = 1L;

    private RecordLengthMismatchException(String message) {
        super(message);
    }

    /**
     * Fails unless {@code written}, the bytes that {@code record}, a {@link KnownLengthRecords}
     * delegate, was serialized to, is its serializer's fixed length {@code length}.
     */
    public static void check(IOReadableWritable record, int written, int length)
            throws RecordLengthMismatchException {
        if (written != length) {
            throw mismatch(record, length, "wrote", written);
        }
    }

    /**
     * Fails unless {@code read}, the bytes that {@code record}, a delegate of records of the fixed
     * length {@code length}, was deserialized from, is that length.
     */
    static void checkRead(IOReadableWritable record, int read, int length)
            throws RecordLengthMismatchException {
        if (read != length) {
            throw mismatch(record, length, "read", read);
        }
    }

    private static RecordLengthMismatchException mismatch(
            IOReadableWritable record, int length, String access, int bytes) {
        return new RecordLengthMismatchException(
                "The serializer "
                        + serializerOf(record)
                        + " declares a fixed length of "
                        + length
                        + " bytes (getLength()) but "
                        + access
                        + " a record of "
                        + bytes
                        + " bytes. Records of a fixed length cross the network without their"
                        + " length when "
                        + PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key()
                        + " is false; make the serializer's getLength() return -1, or set "
                        + PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key()
                        + " to true.");
    }

    private static Object serializerOf(IOReadableWritable record) {
        return record instanceof KnownLengthRecords
                ? ((KnownLengthRecords) record).getValueSerializer()
                : "of " + record.getClass().getName();
    }
}
