/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.operators.sink;

import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;

/**
 * Fails a Sink V2 writer that reads the timestamp of a record whose timestamp was left behind on a
 * tagless network edge (FLIP-330), instead of handing it none.
 */
class SinkWriterOperator<InputT, CommT> {

    @Overlay.Merge
    private class Context {

        @Overlay.Wrap("1.20.5:583ae2a9270e")
        @Override
        public Long timestamp() {
            DroppedTimestamps.checkReadable(element, getOperatorConfig().getOperatorName());
            return timestamp$upstream();
        }
    }
}
