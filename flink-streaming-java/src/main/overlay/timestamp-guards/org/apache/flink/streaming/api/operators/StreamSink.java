/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators;

import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;

/**
 * Fails a {@code SinkFunction} that reads the timestamp of a record whose timestamp was left behind
 * on a tagless network edge (FLIP-330), instead of handing it none.
 */
public class StreamSink<IN> {

    @Overlay.Merge
    private class SimpleContext {

        @Overlay.Wrap("1.20.5:35570ba22944")
        @Override
        public Long timestamp() {
            DroppedTimestamps.checkReadable(element, getOperatorConfig().getOperatorName());
            return timestamp$upstream();
        }
    }
}
