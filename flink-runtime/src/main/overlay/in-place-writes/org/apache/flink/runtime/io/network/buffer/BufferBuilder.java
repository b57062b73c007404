/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.buffer;

import org.apache.flink.core.io.IOReadableWritable;
import org.apache.flink.runtime.io.network.api.serialization.InPlaceRecordSerializer;

import java.io.IOException;

/** Lets a record be serialized straight into the buffer. */
public class BufferBuilder {

    /**
     * Serializes a record, with its length in front, straight into the buffer and commits it, if it
     * ends before the buffer's capacity. A record that would fill the buffer, or not fit into it,
     * is not appended: the caller serializes it and appends it through {@link
     * #appendAndCommit(ByteBuffer)}, as upstream does.
     *
     * @return the bytes appended, or -1 when the record was not appended (the bytes after those
     *     committed may have been overwritten)
     */
    public int appendAndCommit(IOReadableWritable record, InPlaceRecordSerializer serializer)
            throws IOException {
        checkState(!isFinished());
        int length =
                serializer.serialize(
                        record, memorySegment, positionMarker.getCached(), getMaxCapacity());
        if (length > 0) {
            positionMarker.move(length);
            commit();
        }
        return length;
    }
}
