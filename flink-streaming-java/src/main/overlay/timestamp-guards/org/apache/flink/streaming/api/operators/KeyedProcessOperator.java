/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators;

import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;
import org.apache.flink.util.OutputTag;

/**
 * Fails a function that reads the timestamp of a record that crossed a tagless network edge
 * (FLIP-330), and gives the function's side output that record's mark with its timestamp.
 */
public class KeyedProcessOperator<K, IN, OUT> {

    @Overlay.Merge
    private class ContextImpl {

        @Overlay.Wrap("1.20.5:94f72e207a67")
        @Override
        public Long timestamp() {
            DroppedTimestamps.checkReadable(element, getOperatorConfig().getOperatorName());
            return timestamp$upstream();
        }

        @Overlay.Replace("1.20.5:6b6e129d3991")
        @Override
        public <X> void output(OutputTag<X> outputTag, X value) {
            DroppedTimestamps.emitSideOutput(output, outputTag, value, element);
        }
    }
}
