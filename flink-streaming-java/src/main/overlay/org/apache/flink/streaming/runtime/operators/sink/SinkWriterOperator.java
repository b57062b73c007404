/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.operators.sink;

import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;

/**
 * Fails a sink writer that reads the timestamp of a record that crossed a tagless network edge
 * (FLIP-330).
 */
class SinkWriterOperator<InputT, CommT> {

    @Overlay.Merge
    private class Context<IN> {

        @Overlay.Wrap
        @Override
        public Long timestamp() {
            DroppedTimestamps.checkReadable(element);
            return timestamp$upstream();
        }
    }
}
