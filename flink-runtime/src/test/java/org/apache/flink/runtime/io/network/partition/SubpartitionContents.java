/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.partition;

import org.apache.flink.runtime.io.network.api.serialization.EventSerializer;
import org.apache.flink.runtime.io.network.buffer.Buffer;
import org.apache.flink.runtime.io.network.partition.ResultSubpartition.BufferAndBacklog;
import org.apache.flink.types.IntValue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/** What a result partition holds for one subpartition, in order, for tests. */
public final class SubpartitionContents {

    private SubpartitionContents() {}

    /**
     * Reads one subpartition: its events, and its records as {@link IntValue}s' values, which is
     * what the tests write.
     */
    public static List<Object> read(ResultPartition partition, int subpartition)
            throws IOException {
        ResultSubpartitionView view =
                partition.createSubpartitionView(
                        new ResultSubpartitionIndexSet(subpartition),
                        new NoOpBufferAvailablityListener());
        List<Object> contents = new ArrayList<>();
        BufferAndBacklog next;
        while ((next = view.getNextBuffer()) != null) {
            Buffer buffer = next.buffer();
            if (buffer.isBuffer()) {
                ByteBuffer bytes = buffer.getNioBufferReadable();
                while (bytes.hasRemaining()) {
                    bytes.getInt(); // the record's length
                    contents.add(bytes.getInt());
                }
            } else {
                contents.add(
                        EventSerializer.fromBuffer(
                                buffer, SubpartitionContents.class.getClassLoader()));
            }
            buffer.recycleBuffer();
        }
        view.releaseAllResources();
        return contents;
    }
}
