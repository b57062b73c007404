/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.partition;

import org.apache.flink.runtime.event.AbstractEvent;
import org.apache.flink.runtime.io.network.api.serialization.EventSerializer;

import java.io.IOException;

/** Sends an event to one subpartition. */
public abstract class BufferWritingResultPartition {

    /**
     * Finishes the buffers the subpartition's records may still be appended to, so that the event
     * follows every record written before it, then queues the event behind them.
     */
    @Override
    public void emitEventToSubpartition(AbstractEvent event, int targetSubpartition)
            throws IOException {
        checkInProduceState();
        finishBroadcastBufferBuilder();
        finishUnicastBufferBuilder(targetSubpartition);
        addToSubpartition(targetSubpartition, EventSerializer.toBufferConsumer(event, false), 0);
    }
}
