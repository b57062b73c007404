/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.writer;

import org.apache.flink.annotation.Internal;
import org.apache.flink.runtime.event.AbstractEvent;

import java.io.IOException;

/**
 * Sends events through a {@link RecordWriter} to one subpartition, as {@link RecordWriter#emit(
 * org.apache.flink.core.io.IOReadableWritable, int)} and {@link RecordWriter#randomEmit} send
 * records: behind what the writer wrote before, flushed when the writer flushes every record.
 */
@Internal
public final class SubpartitionEvents {

    private SubpartitionEvents() {}

    /** Sends an event to one subpartition of the writer's partition. */
    public static void emit(RecordWriter<?> writer, AbstractEvent event, int targetSubpartition)
            throws IOException {
        writer.checkErroneous();
        writer.targetPartition.emitEventToSubpartition(event, targetSubpartition);
        if (writer.flushAlways) {
            writer.targetPartition.flush(targetSubpartition);
        }
    }

    /** Sends an event to one subpartition chosen at random, as records are by randomEmit. */
    public static void randomEmit(RecordWriter<?> writer, AbstractEvent event) throws IOException {
        emit(writer, event, writer.rng.nextInt(writer.numberOfSubpartitions));
    }
}
