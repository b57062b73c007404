/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.writer;

import org.apache.flink.runtime.event.AbstractEvent;

import java.io.IOException;

/**
 * Lets the fork send an event to one subpartition, as upstream sends a record to one: a latency
 * marker goes to one consumer, as upstream's does among the records.
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
}
