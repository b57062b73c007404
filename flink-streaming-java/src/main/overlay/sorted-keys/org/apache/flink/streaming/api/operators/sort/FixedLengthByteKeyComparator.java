/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators.sort;

import org.apache.flink.core.memory.DataInputView;

import java.io.IOException;

/** Compares the serialized keys of the sort buffer a word at a time ({@link SerializedKeys}). */
final class FixedLengthByteKeyComparator<IN> {

    /**
     * Orders two serialized records by their keys, then by their timestamps; the same results as
     * upstream's, whose ties of the normalized key come here when it holds a part of the key only.
     */
    @Overlay.Replace("1.20.5:3c9504fde41f")
    @Override
    public int compareSerialized(DataInputView firstSource, DataInputView secondSource)
            throws IOException {
        int keys = SerializedKeys.compare(firstSource, keyLength, secondSource, keyLength);
        if (keys != 0) {
            return keys < 0 ? -1 : 1;
        }
        return Long.compare(firstSource.readLong(), secondSource.readLong());
    }
}
