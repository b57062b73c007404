/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.operators.windowing;

import org.apache.flink.streaming.api.windowing.evictors.Evictor;
import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * Fails on a record whose timestamp was left behind on a tagless network edge (FLIP-330) when the
 * window's assigner, trigger or evictor may read it ({@link WindowTimestampReaders}); otherwise
 * hands it on to them, which ignore its timestamp, as a record without one.
 */
public class EvictingWindowOperator<K, IN, OUT, W extends Window> {

    @Overlay.Wrap("1.20.5:0a3de47f691b")
    @Override
    public void processElement(StreamRecord<IN> element) throws Exception {
        if (DroppedTimestamps.isDropped(element)) {
            checkTimestampReadable(element);
            DroppedTimestamps.withMarkLifted(element, this::processElement$upstream);
        } else {
            processElement$upstream(element);
        }
    }

    @Override
    Evictor<?, ?> windowEvictor() {
        return evictor;
    }
}
