/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators.sort;

import org.apache.flink.core.memory.DataInputView;

import java.io.IOException;

/** Compares the serialized keys of the sort buffer a word at a time ({@link SerializedKeys}). */
final class VariableLengthByteKeyComparator<IN> {

    /**
     * Orders two serialized records by their keys, then by their timestamps; the same results as
     * upstream's, whose ties of the normalized key prefix come here.
     */
    @Overlay.Replace("1.20.5:5e3be28605bb")
    @Override
    public int compareSerialized(DataInputView firstSource, DataInputView secondSource)
            throws IOException {
        int firstLength = firstSource.readInt();
        int secondLength = secondSource.readInt();
        int keys = SerializedKeys.compare(firstSource, firstLength, secondSource, secondLength);
        if (keys != 0) {
            return keys;
        }
        return Long.compare(firstSource.readLong(), secondSource.readLong());
    }
}
