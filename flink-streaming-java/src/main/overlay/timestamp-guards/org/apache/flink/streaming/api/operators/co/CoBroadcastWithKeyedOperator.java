/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators.co;

import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;
import org.apache.flink.util.OutputTag;

/**
 * Fails a function that reads the timestamp of a record that crossed a tagless network edge
 * (FLIP-330), and gives the function's side output that record's mark with its timestamp.
 */
public class CoBroadcastWithKeyedOperator<KS, IN1, IN2, OUT> {

    @Overlay.Merge
    private class ReadWriteContextImpl {

        @Overlay.Wrap("1.20.5:ff07d988a281")
        @Override
        public Long timestamp() {
            DroppedTimestamps.checkReadable(element, getOperatorConfig().getOperatorName());
            return timestamp$upstream();
        }

        @Overlay.Replace("1.20.5:d28a81237c5e")
        @Override
        public <X> void output(OutputTag<X> outputTag, X value) {
            DroppedTimestamps.emitSideOutput(output, outputTag, value, element);
        }
    }

    @Overlay.Merge
    private class ReadOnlyContextImpl {

        @Overlay.Wrap("1.20.5:f5580d97e3ce")
        @Override
        public Long timestamp() {
            DroppedTimestamps.checkReadable(element, getOperatorConfig().getOperatorName());
            return timestamp$upstream();
        }

        @Overlay.Replace("1.20.5:d28a81237c5e")
        @Override
        public <X> void output(OutputTag<X> outputTag, X value) {
            DroppedTimestamps.emitSideOutput(output, outputTag, value, element);
        }
    }
}
