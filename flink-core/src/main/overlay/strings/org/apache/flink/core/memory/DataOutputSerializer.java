/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.core.memory;

import java.io.IOException;

/** Lets {@link StringCodec} write strings straight into the serializer's array. */
public class DataOutputSerializer {

    /**
     * Makes room for {@code count} more bytes and returns the array to write them into, from {@link
     * #length()}; the writer then moves the position with {@link #setPositionUnsafe}.
     */
    byte[] reserve(int count) throws IOException {
        if (buffer.length - position < count) {
            resize(count);
        }
        return buffer;
    }
}
