/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators;

import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;

/**
 * Fails a sink function that reads the timestamp of a record that crossed a tagless network edge
 * (FLIP-330).
 */
public class StreamSink<IN> {

    @Overlay.Merge
    private class SimpleContext<IN> {

        @Overlay.Wrap
        @Override
        public Long timestamp() {
            DroppedTimestamps.checkReadable(element);
            return timestamp$upstream();
        }
    }
}
