/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.writer;

import org.apache.flink.core.io.IOReadableWritable;
import org.apache.flink.runtime.event.AbstractEvent;

import java.io.IOException;

/**
 * Lets the fork send an event to one subpartition, as upstream sends a record to one, and serialize
 * a record straight into a subpartition's buffer.
 */
public interface ResultPartitionWriter {

    /**
     * Sends an event to one subpartition, after the data already written to it. Writers that cannot
     * address a single subpartition with an event broadcast it to all of them instead.
     */
    default void emitEventToSubpartition(AbstractEvent event, int targetSubpartition)
            throws IOException {
        broadcastEvent(event, false);
    }

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
}
