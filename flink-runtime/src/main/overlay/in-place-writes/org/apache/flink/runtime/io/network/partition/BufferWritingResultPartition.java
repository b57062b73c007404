/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.partition;

import org.apache.flink.core.io.IOReadableWritable;
import org.apache.flink.runtime.io.network.api.serialization.InPlaceRecordSerializer;
import org.apache.flink.runtime.io.network.buffer.BufferBuilder;

import java.io.IOException;

/** Serializes records straight into the buffers. */
public abstract class BufferWritingResultPartition {

    /** Serializes the records that go straight into a subpartition's buffer. */
    private final InPlaceRecordSerializer inPlaceRecords = new InPlaceRecordSerializer();

    /**
     * Serializes the record into the subpartition's current buffer, if there is one and the record
     * ends in it with room to spare: a record that starts a buffer, fills it or spans buffers goes
     * through {@link #emitRecord}, which requests, trims and finishes buffers.
     */
    @Override
    public boolean emitRecordInPlace(IOReadableWritable record, int targetSubpartition)
            throws IOException {
        BufferBuilder buffer = unicastBufferBuilders[targetSubpartition];
        if (buffer == null) {
            return false;
        }
        int written = buffer.appendAndCommit(record, inPlaceRecords);
        if (written < 0) {
            return false;
        }
        totalWrittenBytes += written;
        return true;
    }

    @Override
    public boolean writesRecordsInPlace() {
        return true;
    }
}
