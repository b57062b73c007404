/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.partition;

import org.apache.flink.runtime.event.AbstractEvent;
import org.apache.flink.runtime.io.network.api.serialization.EventSerializer;
import org.apache.flink.runtime.io.network.buffer.Buffer;

import java.io.IOException;

/** Sends an event to one subpartition. */
public class SortMergeResultPartition {

    @Override
    public void emitEventToSubpartition(AbstractEvent event, int targetSubpartition)
            throws IOException {
        Buffer buffer = EventSerializer.toBuffer(event, false);
        try {
            emit(buffer.getNioBufferReadable(), targetSubpartition, buffer.getDataType(), false);
        } finally {
            buffer.recycleBuffer();
        }
    }
}
