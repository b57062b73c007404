/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.operators.windowing;

import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * Fails on a record whose timestamp was left behind on a tagless network edge (FLIP-330) when the
 * windows are assigned by event time.
 */
public class WindowOperator<K, IN, ACC, OUT, W extends Window> {

    @Overlay.Wrap
    @Override
    public void processElement(StreamRecord<IN> element) throws Exception {
        checkTimestampReadable(element);
        processElement$upstream(element);
    }

    /** Event-time windows are chosen by the record's timestamp, which must not be missing. */
    void checkTimestampReadable(StreamRecord<IN> element) {
        if (windowAssigner.isEventTime()) {
            DroppedTimestamps.checkReadable(element, getOperatorConfig().getOperatorName());
        }
    }
}
