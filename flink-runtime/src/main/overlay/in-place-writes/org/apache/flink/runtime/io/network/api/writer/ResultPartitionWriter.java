/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.writer;

import org.apache.flink.core.io.IOReadableWritable;

import java.io.IOException;

/** Lets a record be serialized straight into a subpartition's buffer. */
public interface ResultPartitionWriter {

    /**
     * Serializes a record, with its length in front, straight into the buffer that the
     * subpartition's records are being appended to, if the record ends there with room to spare;
     * the bytes are those that {@link #emitRecord} would append. Returns whether the record was
     * written: if not, the record writer serializes it and hands it to {@link #emitRecord}. Writers
     * that do not write records in place return false.
     */
    default boolean emitRecordInPlace(IOReadableWritable record, int targetSubpartition)
            throws IOException {
        return false;
    }

    /**
     * Whether {@link #emitRecordInPlace} may write records. The record writer asks it once, so that
     * a writer that never does costs it no call for each record.
     */
    default boolean writesRecordsInPlace() {
        return false;
    }
}
